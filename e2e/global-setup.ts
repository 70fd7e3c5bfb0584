import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

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
 * Starts the built server (npm test builds dist/ first) on a fresh embedded
 * database with the demo clinic, as `npm start` would, and hands its URL to the tests.
 */
export default async function setup(project: TestProject) {
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
      LOGIN_MAX_FAILURES: "50",
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
  project.provide("baseURL", baseURL);
  return async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The demo seed creates its own admin, so ADMIN_EMAIL is not used when the database is seeded.
 * The tests' admin is then made through the API, as an admin would: the demo admin adds it and
 * it sets its own password (new accounts must change theirs).
 */
async function ensureE2EAdmin(baseURL: string) {
  const call = async (path: string, body: unknown, cookie = "") => {
    const res = await fetch(`${baseURL}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
    const session = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { status: res.status, cookie: session || cookie, body: await res.text() };
  };
  if ((await call("/api/login", E2E_ADMIN)).status === 200) return;
  const demo = await call("/api/login", { username: "demo.admin@stepwise.local", password: "demo-admin" });
  if (demo.status !== 200) throw new Error(`Neither the e2e admin nor the demo admin can sign in: ${demo.body}`);
  const created = await call(
    "/api/admin/users",
    { username: E2E_ADMIN.username, first_name: "Erin", last_name: "Admin", role: "admin" },
    demo.cookie,
  );
  if (created.status >= 300) throw new Error(`Could not create the e2e admin: ${created.body}`);
  const first = await call("/api/login", { username: E2E_ADMIN.username, password: E2E_ADMIN.username });
  const changed = await call(
    "/api/user/change-password",
    { current_password: E2E_ADMIN.username, new_password: E2E_ADMIN.password },
    first.cookie,
  );
  if (changed.status !== 200) throw new Error(`Could not set the e2e admin's password: ${changed.body}`);
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}
