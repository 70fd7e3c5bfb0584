// npm run bench -- pull-load [--database pglite|postgres] [--scale N] [--devices 50] [--seconds 10] [--writes W]
// The delta pull under many devices at once, against the real server (sync-server/main.ts in its
// own process, as `npm start` runs it): seeds the demo clinic at scale N (default 1, the clinic
// `npm start` makes) into a fresh database, signs in N devices (the demo clinicians and admin in
// turn), gives each its first sync, then has every device pull deltas back to back for a fixed
// time and prints requests/s and latency percentiles. A bare node:http server answering a small
// JSON is measured the same way in the same run, as the machine's ceiling. Requests accept
// compressed answers, as a browser's do. `--writes W` has a
// clinician change W homework rows a second meanwhile (default 0: every pull has nothing new).
// `--database postgres` uses a new database on DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import postgres from "postgres";
import { readConfig } from "../sync-server/config.ts";
import { connectPostgres, type Database, openPglite } from "../sync-server/db/connect.ts";
import { migrate } from "../sync-server/db/migrate.ts";
import { seedDemo } from "../sync-server/seed/demo.ts";

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    scale: { type: "string", default: "1" },
    devices: { type: "string", default: "50" },
    seconds: { type: "string", default: "10" },
    writes: { type: "string", default: "0" },
  },
});
const kind = values.database === "postgres" ? "postgres" : "pglite";
const scale = Number(values.scale);
const devices = Number(values.devices);
const seconds = Number(values.seconds);
const writesPerSecond = Number(values.writes);
const WARM_UP_MS = 2000;
/** The issue's figures (issue 12), measured on the embedded database before this benchmark existed. */
const ISSUE_BASELINE = { requestsPerSecond: 162, p99: 571 };

const root = fileURLToPath(new URL("..", import.meta.url));
const agent = new Agent({ keepAlive: true, maxSockets: devices + 8 });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request on a kept-alive connection. The server closes a connection idle for 5 s, and a request
 * sent on it just then fails: that one is sent again (the bench's requests are all safe to repeat).
 */
async function call(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await callOnce(port, method, path, headers, body);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 3 || (code !== "ECONNRESET" && code !== "EPIPE")) throw error;
    }
  }
}

/** What a browser sends, so the server compresses (or not) as it does for the PWA. */
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";

function callOnce(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const all = { "accept-encoding": ACCEPT_ENCODING, ...headers };
    const req = request({ host: "127.0.0.1", port, method, path, headers: all, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const plain = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: plain.toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Starts a child process and resolves its port once it prints the line `ready` matches. */
function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: "pipe" });
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) resolve(child);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("exit", (code) => reject(new Error(`${args.join(" ")} exited (${code}):\n${out}`)));
  });
}

const freePort = () => 20_000 + Math.floor(Math.random() * 20_000);

/** CPU time (user + system) a process used so far, in ms (Linux; 0 elsewhere). */
function cpuMs(pid: number | undefined) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * Each device's loop: pull, keep the answer's cursor, pull again; latencies after the warm-up.
 * Also the server process's CPU time per request, a figure other load on the machine disturbs less.
 */
async function hammer(next: (device: number) => Promise<void>, count: number, server: ChildProcess) {
  const latencies: number[] = [];
  const start = performance.now();
  const measureFrom = start + WARM_UP_MS;
  const end = measureFrom + seconds * 1000;
  let cpuFrom = 0;
  setTimeout(() => {
    cpuFrom = cpuMs(server.pid);
  }, WARM_UP_MS);
  await Promise.all(
    Array.from({ length: count }, async (_, device) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await next(device);
        if (t0 >= measureFrom) latencies.push(performance.now() - t0);
      }
    }),
  );
  const cpuPerRequest = (cpuMs(server.pid) - cpuFrom) / latencies.length;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { requestsPerSecond: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), cpuPerRequest };
}

/** A database seeded at `scale`, and the environment that points the server at it. */
async function seededDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const config = readConfig({ SEED: "none" });
  const seed = async (db: Database) => {
    await migrate(db.sql);
    const started = performance.now();
    const [counts] = await seedDemo(db.sql, config, scale);
    console.log(
      `${kind}, scale ${scale}: ${counts} (seeded in ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    await db.close();
  };
  /** Seeds the new database, and drops it when seeding fails: nothing is left behind. */
  const seeded = async <T extends { drop: () => Promise<void> }>(open: () => Promise<Database>, made: T) => {
    try {
      await seed(await open());
      return made;
    } catch (error) {
      await made.drop();
      throw error;
    }
  };
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "stepwise-pull-load-"));
    return seeded(() => openPglite(dir), {
      env: { DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    });
  }
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `stepwise_pull_load_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return seeded(async () => connectPostgres(target.toString(), 4), {
    env: { DATABASE_URL: target.toString() },
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  });
}

const LOGINS = [
  { username: "dr.rivera@stepwise.local", password: "demo-clinician" },
  { username: "dr.chen@stepwise.local", password: "demo-clinician" },
  { username: "demo.admin@stepwise.local", password: "demo-admin" },
];

async function measureServer() {
  const database = await seededDatabase();
  const port = freePort();
  const server = await startProcess(
    ["--import", "tsx", "sync-server/main.ts"],
    {
      ...database.env,
      PORT: String(port),
      SEED: "none",
      ADMIN_PASSWORD: "pull-load-admin",
      LOGIN_MAX_FAILURES: "1000",
      LOGIN_MAX_FAILURES_PER_USERNAME: "1000",
      LOGIN_MAX_FAILURES_PER_IP: "1000",
    },
    /Stepwise is running/,
  ).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    const signIn = async (device: number) => {
      const login = LOGINS[device % LOGINS.length];
      const res = await call(
        port,
        "POST",
        "/api/login",
        { "content-type": "application/json", origin },
        JSON.stringify(login),
      );
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.body}`);
      const setCookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
      return { login, cookie: setCookie.map((c) => c.split(";")[0]).join("; "), cursor: "" };
    };
    const sessions: Awaited<ReturnType<typeof signIn>>[] = [];
    for (let i = 0; i < devices; i += 5) {
      sessions.push(...(await Promise.all(Array.from({ length: Math.min(5, devices - i) }, (_, k) => signIn(i + k)))));
    }
    let nothingNew = 0;
    let withChanges = 0;
    const pull = async (device: number, limit = "") => {
      const session = sessions[device];
      for (;;) {
        const res = await call(port, "GET", `/api/sync/pull?cursor=${session.cursor}${limit}`, {
          cookie: session.cookie,
        });
        if (res.status !== 200) throw new Error(`pull answered ${res.status}: ${res.body.slice(0, 200)}`);
        const page = JSON.parse(res.body);
        session.cursor = page.cursor;
        const rows = [...Object.values(page.changes), ...Object.values(page.removed)].flat().length;
        if (rows === 0) nothingNew++;
        else withChanges++;
        if (!page.hasMore) return page;
      }
    };
    const firstStarted = performance.now();
    for (let i = 0; i < devices; i += 5) {
      await Promise.all(Array.from({ length: Math.min(5, devices - i) }, (_, k) => pull(i + k, "&limit=5000")));
    }
    console.log(
      `${devices} devices signed in and synced in ${((performance.now() - firstStarted) / 1000).toFixed(1)} s`,
    );

    // Optional background edits by the first clinician (device 0 is dr.rivera).
    let writing = writesPerSecond > 0;
    let writes = 0;
    const writer = (async () => {
      if (!writing) return;
      const homework = (await pullHomework(port, sessions[0].cookie)).slice(0, 50);
      const origin = `http://127.0.0.1:${port}`;
      while (writing) {
        const id = homework[writes % homework.length];
        const res = await call(
          port,
          "PUT",
          `/api/homework/${id}`,
          { "content-type": "application/json", origin, cookie: sessions[0].cookie },
          JSON.stringify({ roundNumber: 1 + (writes % 5) }),
        );
        if (res.status !== 200) throw new Error(`homework update answered ${res.status}: ${res.body}`);
        writes++;
        await new Promise((resolve) => setTimeout(resolve, 1000 / writesPerSecond));
      }
    })();
    nothingNew = 0;
    withChanges = 0;
    const result = await hammer(
      async (device) => {
        await pull(device);
      },
      devices,
      server,
    );
    writing = false;
    await writer;
    return { ...result, nothingNew, withChanges, writes };
  } finally {
    server.kill();
    await new Promise((resolve) => server.once("exit", resolve));
    await database.drop();
  }
}

/** Homework ids dr.rivera sees, from a fresh first sync. */
async function pullHomework(port: number, cookie: string) {
  const ids: string[] = [];
  let cursor = "";
  for (;;) {
    const res = await call(port, "GET", `/api/sync/pull?cursor=${cursor}&limit=5000`, { cookie });
    const page = JSON.parse(res.body);
    ids.push(...page.changes.homework.map((h: { id: string }) => h.id));
    cursor = page.cursor;
    if (!page.hasMore) return ids;
  }
}

const BARE_SERVER = `
  const http = require("node:http");
  const body = JSON.stringify({ cursor: "eyJ4IjoiMTIzNCJ9", hasMore: false, changes: {}, removed: {} });
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
`;

async function measureBare() {
  const port = freePort();
  const server = await startProcess(["-e", BARE_SERVER], { PORT: String(port) }, /listening/);
  try {
    return await hammer(
      async () => {
        const res = await call(port, "GET", "/", {});
        JSON.parse(res.body);
      },
      devices,
      server,
    );
  } finally {
    server.kill();
  }
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
console.log(
  `Delta pull under ${devices} devices at once, ${seconds} s each (after ${WARM_UP_MS / 1000} s warm-up), ` +
    `${kind === "pglite" ? "embedded PGlite" : "PostgreSQL"}${writesPerSecond ? `, ${writesPerSecond} homework edits/s` : ""}`,
);
const pulls = await measureServer();
const bare = await measureBare();
agent.destroy();
console.table([
  {
    what: "delta pull (sync-server/main.ts)",
    "requests/s": Math.round(pulls.requestsPerSecond),
    p50: ms(pulls.p50),
    p95: ms(pulls.p95),
    p99: ms(pulls.p99),
    "server CPU/request": ms(pulls.cpuPerRequest),
  },
  {
    what: "bare node:http, small JSON",
    "requests/s": Math.round(bare.requestsPerSecond),
    p50: ms(bare.p50),
    p95: ms(bare.p95),
    p99: ms(bare.p99),
    "server CPU/request": ms(bare.cpuPerRequest),
  },
  {
    what: "issue 12 baseline (embedded)",
    "requests/s": ISSUE_BASELINE.requestsPerSecond,
    p50: "",
    p95: "",
    p99: ms(ISSUE_BASELINE.p99),
    "server CPU/request": "",
  },
]);
console.log(
  `pulls with nothing new: ${pulls.nothingNew}, with changes: ${pulls.withChanges}` +
    (pulls.writes ? ` (${pulls.writes} homework edits)` : ""),
);
console.log(`target (issue 12): p99 ≤ 100 ms → ${pulls.p99 <= 100 ? "met" : "NOT met"}`);
process.exit(0);
