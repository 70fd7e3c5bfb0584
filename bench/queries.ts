// npm run bench -- queries [--scale N] [--runs R]
// Seeds the demo clinic at scale N into a fresh database (a new database on DATABASE_URL's
// server, dropped afterwards; else in-memory PGlite), then times the main list requests
// through the app in-process, as a signed-in admin and clinician: median and p95 of R runs.
import { parseArgs } from "node:util";
import { createApp } from "../sync-server/app.ts";
import { createSession } from "../sync-server/auth/sessions.ts";
import { readConfig } from "../sync-server/config.ts";
import { type Database, openPglite } from "../sync-server/db/connect.ts";
import { migrate } from "../sync-server/db/migrate.ts";
import { openScratchDatabase } from "../sync-server/db/scratch.ts";
import { seedDemo } from "../sync-server/seed/demo.ts";

const { values } = parseArgs({
  options: { scale: { type: "string", default: "10" }, runs: { type: "string", default: "15" } },
});
const scale = Number(values.scale);
const runs = Math.max(3, Number(values.runs));

const freshDatabase = (): Promise<Database> =>
  process.env.DATABASE_URL ? openScratchDatabase(process.env.DATABASE_URL, "stepwise_bench") : openPglite();

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const db = await freshDatabase();
try {
  await migrate(db.sql);
  const config = readConfig({ SEED: "none" });
  const seedStart = performance.now();
  const [counts] = await seedDemo(db.sql, config, scale);
  console.log(`${db.kind}, scale ${scale}: ${counts}`);
  console.log(`seed time: ${seconds(performance.now() - seedStart)}\n`);

  const app = createApp({ sql: db.sql, config, now: () => new Date() });
  const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, now: () => new Date() };
  const cookieOf = async (username: string) => {
    const [user] = await db.sql`SELECT id FROM user_clinician WHERE username = ${username}`;
    const { token } = await createSession(db.sql, user.id as string, policy);
    return { id: user.id as string, cookie: `stepwise_session=${token}` };
  };
  const admin = await cookieOf("demo.admin@stepwise.local");
  const clinician = await cookieOf("dr.rivera@stepwise.local");
  // The busiest patient of the clinician: the worst case for per-patient lists.
  const [{ patient_name: patient }] = await db.sql`
    SELECT m.patient_name FROM conversation_messages m JOIN patients p ON p.username = m.patient_name
    WHERE p.clinician_id = ${clinician.id} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
  const since = new Date(Date.now() - 14 * 86_400_000).toISOString();
  const p = encodeURIComponent(String(patient));

  const cases: [string, { cookie: string }, string][] = [
    ["patient list (admin)", admin, "/api/patients"],
    ["patient list (clinician)", clinician, `/api/patients/clinician/${clinician.id}`],
    ["conversation list of a patient", clinician, `/api/conversations/patient/${p}/conversations`],
    ["messages of a patient", clinician, `/api/conversations?patientName=${p}`],
    ["messages, last 14 days (admin)", admin, `/api/conversations?startDate=${since}`],
    ["free-text search (admin)", admin, "/api/conversations?search=cafeteria"],
    ["free-text search (clinician)", clinician, "/api/conversations?search=racing"],
    ["summary list (admin)", admin, "/api/conversation-summaries"],
    ["summary list (clinician)", clinician, "/api/conversation-summaries"],
    ["prompt history (admin)", admin, "/api/prompt-history"],
    ["prompt history (clinician)", clinician, "/api/prompt-history"],
  ];

  console.log(
    `${"request".padEnd(34)}${"status".padEnd(8)}${"rows".padStart(8)}${"KiB".padStart(9)}${"median".padStart(10)}${"p95".padStart(10)}`,
  );
  for (const [label, who, path] of cases) {
    const times: number[] = [];
    let status = 0;
    let rows = 0;
    let bytes = 0;
    for (let i = 0; i < runs + 2; i++) {
      const started = performance.now();
      const res = await app.request(`http://localhost${path}`, { headers: { cookie: who.cookie } });
      const text = await res.text();
      if (i >= 2) times.push(performance.now() - started);
      status = res.status;
      bytes = text.length;
      const body = JSON.parse(text);
      rows = Array.isArray(body) ? body.length : Array.isArray(body?.items) ? body.items.length : 1;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
    console.log(
      `${label.padEnd(34)}${String(status).padEnd(8)}${String(rows).padStart(8)}${(bytes / 1024).toFixed(0).padStart(9)}${`${at(0.5).toFixed(1)} ms`.padStart(10)}${`${at(0.95).toFixed(1)} ms`.padStart(10)}`,
    );
  }
} finally {
  await db.close();
}
