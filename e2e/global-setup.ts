import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { launchServer } from "./browser.ts";

export const E2E_ADMIN = { username: "admin@e2e.test", password: "admin-password-1" };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

/**
 * Starts one built server (npm test builds dist/ first) per test worker, each on a fresh embedded
 * database with the demo clinic, as `npm start` would: two files run at once and neither sees the
 * other's sign-ins, rows or rate limits. One Chromium serves both workers; each test file opens its
 * own contexts in it (no cookies or storage shared), without paying for a browser launch.
 */
export default async function setup(project: TestProject) {
  const workers = project.config.maxWorkers;
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer()));
  const browser = await launchServer();
  project.provide(
    "baseURLs",
    servers.map((s) => s.baseURL),
  );
  project.provide("browserEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await Promise.all(servers.map((s) => s.stop()));
  };
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "stepwise-e2e-"));
  const child: ChildProcess = spawn("npx", ["tsx", "sync-server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      ADMIN_EMAIL: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The browser tests all sign in from 127.0.0.1, some with wrong passwords on purpose.
      LOGIN_MAX_FAILURES: "50",
      LOGIN_MAX_FAILURES_PER_USERNAME: "500",
      LOGIN_MAX_FAILURES_PER_IP: "500",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so teardown ends npx, tsx and the server together.
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/config`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await ensureE2EAdmin(baseURL);
  return {
    baseURL,
    async stop() {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {}
      await new Promise((r) => setTimeout(r, 500));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The contract's first admin (ADMIN_EMAIL/ADMIN_PASSWORD) must exist beside the demo clinic. */
async function ensureE2EAdmin(baseURL: string) {
  const res = await fetch(`${baseURL}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (res.status !== 200) throw new Error(`The first admin from ADMIN_EMAIL cannot sign in: ${await res.text()}`);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per worker: VITEST_POOL_ID (1…maxWorkers) picks its own. */
    baseURLs: string[];
    browserEndpoint: string;
  }
}
