// The seeded database of a scale, what the clinician reads first in it, and the server serving it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../sync-server/db/connect.ts";
import { ADMIN, type Target, USER, values } from "./options.ts";

export const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${result.status})`);
};

/** The server's environment: the embedded database in `dataDir`, no demo seeding of its own, no e-mail. */
const serverEnv = (dataDir: string, port = 0) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  SEED: "none",
  SMTP_URL: "",
  HOST: "127.0.0.1",
  ...(port ? { PORT: String(port) } : {}),
});

/** The seeded database of `scale`, reused between runs; seeded beside it first so a cut-off seed is never reused. */
export function seeded(scale: number): string {
  const dir = join(tmpdir(), `stepwise-bench-device-scale${scale}`);
  if (values.fresh) rmSync(dir, { recursive: true, force: true });
  if (existsSync(dir)) return dir;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  console.log(`Seeding scale ${scale} into ${dir} …`);
  run("npx", ["tsx", "sync-server/seed/cli.ts", "--scale", String(scale)], serverEnv(partial));
  renameSync(partial, dir);
  return dir;
}

export async function lookUp(dataDir: string): Promise<Target> {
  const db = await openDatabase({ dataDir });
  try {
    const { sql } = db;
    const [user] = await sql`SELECT id FROM user_clinician WHERE username = ${USER.username}`;
    const userId = user.id as string;
    // An admin sees every patient; a clinician their own.
    const mine = ADMIN ? sql`TRUE` : sql`clinician_id = ${userId}`;
    const patients = await sql`SELECT username, first_name, last_name FROM patients p WHERE ${mine}`;
    // The first row of Manage Patients, sorted as the screen sorts (pwa/features/patients/use-patients.ts).
    const names = patients.map((p) => ({ name: `${p.first_name} ${p.last_name}`, username: p.username as string }));
    names.sort((a, b) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username));
    const patient = names[0].username;
    const [newest] = await sql`
      SELECT conversation_id FROM conversation_messages WHERE patient_name = ${patient}
      GROUP BY conversation_id ORDER BY max(timestamp) DESC LIMIT 1`;
    const conversationId = newest.conversation_id as string;
    const [first] = await sql`
      SELECT data FROM conversation_messages WHERE conversation_id = ${conversationId}
      ORDER BY timestamp, serial_num LIMIT 1`;
    const [{ n }] = await sql`
      SELECT count(*)::int AS n FROM conversation_messages m JOIN patients p ON p.username = m.patient_name
      WHERE ${mine}`;
    return {
      userId,
      patient,
      conversationId,
      firstMessage: String(first.data ?? "").slice(0, 60),
      messages: n as number,
      patients: patients.length,
    };
  } finally {
    await db.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === "object" ? resolve(address.port) : reject()));
    });
  });
}

export async function startServer(dataDir: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn("npx", ["tsx", "sync-server/main.ts"], {
    env: { ...process.env, ...serverEnv(dataDir, port) },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stopping it stops npx, tsx and node together.
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`http://127.0.0.1:${port}/api/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { port, child };
    await new Promise((r) => setTimeout(r, 250));
  }
  stopServer(child);
  throw new Error(`The server did not start:\n${log}`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid, "SIGTERM");
  await exited;
}

/**
 * A server that has just started answers its first requests slowly: its code is not compiled yet and
 * the embedded database reads its pages from disk (a first page took 0.5-0.8 s to answer on a
 * fresh server, 0.2-0.3 s on the next run). A clinic's server has been up a while, so before the
 * measured sign-ins the bench signs `user` in and pulls one whole first sync, as a device asks for
 * it (compressed, in the engine's page sizes), and forgets it.
 */
export async function warmUp(port: number, user: { username: string; password: string }) {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  if (!login.ok) throw new Error(`Warming the server up: sign-in answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  for (let cursor = "", first = true; ; first = false) {
    const limit = first ? 1000 : 5000;
    const res = await fetch(
      `${base}/api/sync/pull?cursor=${encodeURIComponent(cursor)}&limit=${limit}&removedConversations=1`,
      { headers: { cookie, "accept-encoding": "br, gzip" } },
    );
    if (!res.ok) throw new Error(`Warming the server up: a pull answered ${res.status}`);
    const page = (await res.json()) as { cursor: string; hasMore: boolean };
    if (!page.hasMore) break;
    cursor = page.cursor;
  }
  await fetch(`${base}/api/logout`, { method: "POST", headers: { origin: base, cookie } });
}
