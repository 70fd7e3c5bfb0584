// npm run bench -- sync [--scales 1,10]: the cost of delta sync on the demo clinic, and of the spec's
// original way of keeping screens fresh (refetching whole lists) over the same working day.
// Real PostgreSQL when DATABASE_URL is set (scales 1, 10, 100; a scratch database is created and
// dropped on that server), else embedded PGlite (scales 1, 10).
import { createApp } from "../sync-server/app.ts";
import { createSession } from "../sync-server/auth/sessions.ts";
import { readConfig } from "../sync-server/config.ts";
import { type Database, openPglite, type Sql } from "../sync-server/db/connect.ts";
import { migrate } from "../sync-server/db/migrate.ts";
import { openScratchDatabase } from "../sync-server/db/scratch.ts";
import { seedDemo } from "../sync-server/seed/demo.ts";

const url = process.env.DATABASE_URL;
const scalesArg = process.argv.indexOf("--scales");
const scales = scalesArg > 0 ? process.argv[scalesArg + 1].split(",").map(Number) : url ? [1, 10, 100] : [1, 10];

/** The working day: 8 hours; the device pulls every 30 s, the list client refetches every 60 s. */
const DAY_MS = 8 * 3_600_000;
const PULL_EVERY_MS = 30_000;
const REFETCH_EVERY_MS = 60_000;
const CHANGES = 100;

type App = ReturnType<typeof createApp>;
interface Traffic {
  ms: number;
  bytes: number;
  requests: number;
  /** Rows and ids carried (pulls only). */
  rows: number;
}

const openScratch = (): Promise<Database> => (url ? openScratchDatabase(url, "stepwise_bench", 4) : openPglite());

async function get(app: App, cookie: string, path: string, into: Traffic) {
  const started = performance.now();
  const res = await app.request(`http://localhost${path}`, { headers: { cookie } });
  const text = await res.text();
  into.ms += performance.now() - started;
  into.bytes += Buffer.byteLength(text);
  into.requests += 1;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text);
  if (body.changes) into.rows += [...Object.values(body.changes), ...Object.values(body.removed)].flat().length;
  return body;
}

/** Pulls until hasMore is false, as the device's engine does; returns the new cursor. */
async function pullAll(app: App, cookie: string, cursor: string, into: Traffic): Promise<string> {
  for (;;) {
    const page = await get(app, cookie, `/api/sync/pull?cursor=${cursor}`, into);
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}

/** One refresh of every list the spec's client keeps on screen, for one user. */
async function refetchLists(app: App, cookie: string, user: { id: string; role: string }, into: Traffic) {
  const patients = await get(
    app,
    cookie,
    user.role === "admin" ? "/api/patients" : `/api/patients/clinician/${user.id}`,
    into,
  );
  for (const p of patients) {
    await get(app, cookie, `/api/homework/patient/${encodeURIComponent(p.username)}`, into);
    await get(app, cookie, `/api/conversations/patient/${encodeURIComponent(p.username)}/conversations`, into);
  }
  await get(app, cookie, "/api/conversations", into);
  await get(app, cookie, "/api/prompt-history", into);
  await get(app, cookie, "/api/conversation-summaries", into);
}

/** A clinician's edits: homework, new coach messages, summaries and patients, one transaction each. */
function changer(sql: Sql, clinicianId: string) {
  let n = 0;
  let mine: { patients: string[]; names: string[]; homework: string[]; summaries: string[] } | undefined;
  return async () => {
    mine ??= {
      patients: (await sql`SELECT id FROM patients WHERE clinician_id = ${clinicianId} ORDER BY id`).map((r) => r.id),
      names: (await sql`SELECT username FROM patients WHERE clinician_id = ${clinicianId} ORDER BY id`).map(
        (r) => r.username,
      ),
      homework: (await sql`SELECT id FROM homework WHERE clinician_id = ${clinicianId} ORDER BY id LIMIT 200`).map(
        (r) => r.id,
      ),
      summaries: (
        await sql`SELECT s.id FROM conversation_summaries s JOIN patients p ON p.username = s.patient_name
          WHERE p.clinician_id = ${clinicianId} ORDER BY s.id LIMIT 200`
      ).map((r) => r.id),
    };
    const i = n++;
    const pick = <T>(list: T[]) => list[i % list.length];
    const kind = i % 10;
    if (kind < 4) await sql`UPDATE homework SET round_number = round_number + 1 WHERE id = ${pick(mine.homework)}`;
    else if (kind < 8)
      await sql`INSERT INTO conversation_messages (conversation_id, patient_name, data_type, serial_num, data, timestamp)
        VALUES (${`bench-${process.pid}-${i}`}, ${pick(mine.names)}, 'user', 1, 'I tried it again today.', now())`;
    else if (kind === 8)
      await sql`UPDATE conversation_summaries SET number_of_times_checking_in = coalesce(number_of_times_checking_in, 0) + 1
        WHERE id = ${pick(mine.summaries)}`;
    else await sql`UPDATE patients SET first_name = first_name WHERE id = ${pick(mine.patients)}`;
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const traffic = (): Traffic => ({ ms: 0, bytes: 0, requests: 0, rows: 0 });

async function measure(scale: number) {
  const db = await openScratch();
  try {
    const config = readConfig({ SEED: "none" });
    await migrate(db.sql);
    const seededAt = performance.now();
    const seeded = await seedDemo(db.sql, config, scale);
    const seedSeconds = (performance.now() - seededAt) / 1000;
    const app = createApp({ sql: db.sql, config, now: () => new Date() });
    const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, now: () => new Date() };
    const users = await db.sql`SELECT id, role FROM user_clinician
      WHERE username IN ('dr.rivera@stepwise.local', 'demo.admin@stepwise.local') ORDER BY role DESC`;
    const [clinician, admin] = users as unknown as { id: string; role: string }[];
    const cookieOf = async (id: string) => `stepwise_session=${(await createSession(db.sql, id, policy)).token}`;
    const who = [
      { name: "clinician", user: clinician, cookie: await cookieOf(clinician.id) },
      { name: "admin", user: admin, cookie: await cookieOf(admin.id) },
    ];
    const [counts] = await db.sql`SELECT (SELECT count(*) FROM patients)::int AS patients,
      (SELECT count(*) FROM conversation_messages)::int AS messages`;

    const full: Record<string, Traffic> = {};
    const cursors: Record<string, string> = {};
    for (const w of who) {
      full[w.name] = traffic();
      cursors[w.name] = await pullAll(app, w.cookie, "", full[w.name]);
    }

    const change = changer(db.sql, clinician.id);
    for (let i = 0; i < CHANGES; i++) await change();
    const delta: Record<string, Traffic & { ms: number }> = {};
    for (const w of who) {
      const runs = [];
      let last = traffic();
      await pullAll(app, w.cookie, cursors[w.name], traffic()); // warm-up
      for (let r = 0; r < 5; r++) {
        last = traffic();
        await pullAll(app, w.cookie, cursors[w.name], last);
        runs.push(last.ms);
      }
      delta[w.name] = { ...last, ms: median(runs) };
      cursors[w.name] = await pullAll(app, w.cookie, cursors[w.name], traffic());
    }

    // The same working day both ways: 100 edits spread over 8 hours.
    const ticks = DAY_MS / PULL_EVERY_MS;
    const dayDelta: Record<string, Traffic> = { clinician: traffic(), admin: traffic() };
    const editTicks = new Set(Array.from({ length: CHANGES }, (_, i) => Math.floor((i * ticks) / CHANGES)));
    for (let tick = 0; tick < ticks; tick++) {
      if (editTicks.has(tick)) await change();
      for (const w of who) cursors[w.name] = await pullAll(app, w.cookie, cursors[w.name], dayDelta[w.name]);
    }
    const rounds = DAY_MS / REFETCH_EVERY_MS;
    const dayLists: Record<string, Traffic> = {};
    for (const w of who) {
      const one = traffic();
      await refetchLists(app, w.cookie, w.user, one);
      dayLists[w.name] = { ms: one.ms * rounds, bytes: one.bytes * rounds, requests: one.requests * rounds, rows: 0 };
    }
    return { scale, counts, seeded: seeded[0], seedSeconds, full, delta, dayDelta, dayLists };
  } finally {
    await db.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

console.log(`Sync benchmark on ${url ? "real PostgreSQL" : "embedded PGlite"}, scales ${scales.join(", ")}`);
const results = [];
for (const scale of scales) {
  const r = await measure(scale);
  console.log(`scale ${scale}: ${r.seeded} (seeded in ${r.seedSeconds.toFixed(0)} s)`);
  results.push(r);
}

console.log("\nFirst full pull and delta pull after 100 changes (limit 1000 rows a page)");
console.table(
  results.map((r) => ({
    scale: r.scale,
    patients: r.counts.patients,
    messages: r.counts.messages,
    "clinician full": `${ms(r.full.clinician.ms)} / ${mb(r.full.clinician.bytes)} / ${r.full.clinician.requests} req`,
    "admin full": `${ms(r.full.admin.ms)} / ${mb(r.full.admin.bytes)} / ${r.full.admin.requests} req`,
    "clinician delta": `${ms(r.delta.clinician.ms)} / ${kb(r.delta.clinician.bytes)} / ${r.delta.clinician.rows} rows`,
    "admin delta": `${ms(r.delta.admin.ms)} / ${kb(r.delta.admin.bytes)} / ${r.delta.admin.rows} rows`,
  })),
);
const first = results[0];
const last = results[results.length - 1];
for (const name of ["clinician", "admin"] as const) {
  console.log(
    `delta pull, ${name}: scale ${last.scale} / scale ${first.scale} = ` +
      `${(last.delta[name].ms / first.delta[name].ms).toFixed(2)}× time, ` +
      `${(last.delta[name].bytes / first.delta[name].bytes).toFixed(2)}× bytes, ` +
      `${(last.delta[name].bytes / last.delta[name].rows / (first.delta[name].bytes / first.delta[name].rows)).toFixed(2)}× bytes a row`,
  );
}

console.log(
  `\nA working day (8 h, ${CHANGES} edits): refetching every list every 60 s (one round measured × ${DAY_MS / REFETCH_EVERY_MS}) ` +
    `versus a delta pull every 30 s (all ${DAY_MS / PULL_EVERY_MS} pulls run)`,
);
console.table(
  results.flatMap((r) =>
    (["clinician", "admin"] as const).map((name) => ({
      scale: r.scale,
      user: name,
      "lists: bytes": mb(r.dayLists[name].bytes),
      "lists: requests": r.dayLists[name].requests,
      "lists: server time": `${(r.dayLists[name].ms / 1000).toFixed(0)} s`,
      "delta: bytes": mb(r.dayDelta[name].bytes),
      "delta: requests": r.dayDelta[name].requests,
      "delta: server time": `${(r.dayDelta[name].ms / 1000).toFixed(1)} s`,
      "bytes ratio": `${(r.dayLists[name].bytes / r.dayDelta[name].bytes).toFixed(0)}×`,
    })),
  ),
);
process.exit(0);
