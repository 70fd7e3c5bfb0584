// npm run bench -- bulk-delete [--scale N] [--row-triggers]: the Data Management deletes on the demo
// clinic: delete_test_data, then delete_user_data, through the API as an admin, with the rows they
// remove and the tombstones they leave for devices. Real PostgreSQL when DATABASE_URL is set (scale
// 100 by default; a scratch database is made and dropped), else embedded PGlite (scale 10).
// The same run repeats it with the per-row tombstone triggers of migration 0050 put back, the way
// deletes worked before, as the baseline (`--no-baseline` skips it). `--template NAME` (PostgreSQL)
// seeds the clinic once into database NAME, kept, and copies it for each run: seeding scale 100
// takes minutes, a copy seconds (drop NAME after a change to the seed). Prints; asserts nothing.

import postgres from "postgres";
import { createApp } from "../sync-server/app.ts";
import { createSession } from "../sync-server/auth/sessions.ts";
import { readConfig } from "../sync-server/config.ts";
import { connectPostgres, type Database, openPglite, type Sql } from "../sync-server/db/connect.ts";
import { migrate } from "../sync-server/db/migrate.ts";
import { openScratchDatabase } from "../sync-server/db/scratch.ts";
import { seedDemo } from "../sync-server/seed/demo.ts";

const url = process.env.DATABASE_URL;
const scaleArg = process.argv.indexOf("--scale");
const scale = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) : url ? 100 : 10;
const withBaseline = !process.argv.includes("--no-baseline");
const templateArg = process.argv.indexOf("--template");
const template = templateArg > 0 && url ? process.argv[templateArg + 1] : undefined;
const TARGET_S = 5;

/** Migration 0050's per-row tombstones, one trigger call and one INSERT per deleted row. */
async function putBackRowTriggers(sql: Sql) {
  await sql.unsafe(`
    CREATE OR REPLACE FUNCTION bench_record_removal() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE row_json jsonb := to_jsonb(OLD);
    BEGIN
      INSERT INTO sync_removed (table_name, row_id, patient_name, clinician_id)
      VALUES (TG_TABLE_NAME, OLD.id,
        CASE WHEN TG_TABLE_NAME = 'patients' THEN row_json ->> 'username' ELSE row_json ->> 'patient_name' END,
        row_json ->> 'clinician_id');
      RETURN OLD;
    END $$;`);
  for (const table of ["patients", "homework", "prompts", "conversation_messages", "conversation_summaries"]) {
    const triggers = await sql`SELECT tgname FROM pg_trigger WHERE tgrelid = ${table}::regclass
      AND NOT tgisinternal AND tgname LIKE '%removed%'`;
    for (const t of triggers) await sql.unsafe(`DROP TRIGGER ${t.tgname} ON ${table}`);
    await sql.unsafe(`CREATE TRIGGER ${table}_removed AFTER DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION bench_record_removal()`);
  }
}

interface Figures {
  target: string;
  seconds: number;
  messages: number;
  summaries: number;
  tombstones: number;
}

const config = readConfig({ SEED: "none" });

/** The seeded clinic database of `--template`, made on first use. */
async function seededTemplate(url: string, name: string) {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    if (found) return;
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const db = connectPostgres(target.toString(), 4);
    try {
      await migrate(db.sql);
      await seedDemo(db.sql, config, scale);
    } finally {
      await db.close();
    }
  } finally {
    await admin.end();
  }
}

async function run(rowTriggers: boolean): Promise<Figures[]> {
  if (url && template) await seededTemplate(url, template);
  const db: Database = url ? await openScratchDatabase(url, "stepwise_bench", 4, template) : await openPglite();
  try {
    await migrate(db.sql);
    if (!template) await seedDemo(db.sql, config, scale);
    if (rowTriggers) await putBackRowTriggers(db.sql);
    const app = createApp({ sql: db.sql, config, now: () => new Date() });
    const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, now: () => new Date() };
    const [admin] = await db.sql`SELECT id FROM user_clinician WHERE username = 'demo.admin@stepwise.local'`;
    const cookie = `stepwise_session=${(await createSession(db.sql, admin.id, policy)).token}`;
    const figures: Figures[] = [];
    for (const target of ["delete_test_data", "delete_user_data"]) {
      const [before] = await db.sql`SELECT count(*)::int AS n FROM sync_removed`;
      const started = performance.now();
      const res = await app.request(`http://localhost/api/conversations/patient/${target}`, {
        method: "DELETE",
        headers: { cookie, origin: "http://localhost" },
      });
      const seconds = (performance.now() - started) / 1000;
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${target} answered ${res.status}: ${JSON.stringify(body)}`);
      const [after] = await db.sql`SELECT count(*)::int AS n FROM sync_removed`;
      figures.push({
        target,
        seconds,
        messages: body.deletedCount,
        summaries: body.deletedSummaries,
        tombstones: after.n - before.n,
      });
    }
    return figures;
  } finally {
    await db.close();
  }
}

console.log(`Bulk deletes on the demo clinic at scale ${scale}, ${url ? "PostgreSQL" : "embedded PGlite"}`);
const now = await run(false);
const baseline = withBaseline ? await run(true) : [];
const fmt = (n: number) => n.toLocaleString("en-US");
console.log("target             messages  summaries  tombstones   now (s)  per-row triggers (s)  target (s)");
for (const [i, f] of now.entries()) {
  const b = baseline[i];
  console.log(
    `${f.target.padEnd(17)} ${fmt(f.messages).padStart(9)} ${fmt(f.summaries).padStart(10)} ${fmt(f.tombstones).padStart(11)}` +
      ` ${f.seconds.toFixed(2).padStart(9)} ${(b ? b.seconds.toFixed(2) : "-").padStart(21)} ${String(TARGET_S).padStart(11)}`,
  );
}
