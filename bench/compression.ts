// npm run bench -- compression [--scale N]: bytes on the wire of a 5,000-row pull page (as the server
// answers it: plain, gzip level 6, brotli quality 4, and the time each took end to end) and of the
// largest script of dist/ (plain and the build's .gz/.br). Run `npx vite build` first for the script.
// Embedded PGlite with the demo clinic (default --scale 2, enough rows for a full page).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../sync-server/app.ts";
import { createSession } from "../sync-server/auth/sessions.ts";
import { readConfig } from "../sync-server/config.ts";
import { openPglite } from "../sync-server/db/connect.ts";
import { migrate } from "../sync-server/db/migrate.ts";
import { seedDemo } from "../sync-server/seed/demo.ts";
import { MAX_LIMIT } from "../sync-server/sync/cursor.ts";

const scaleArg = process.argv.indexOf("--scale");
const scale = scaleArg > 0 ? Number(process.argv[scaleArg + 1]) : 2;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(8)} KB`;
const ratio = (bytes: number, plain: number) => `${((100 * bytes) / plain).toFixed(1).padStart(5)} %`;

async function pullPage() {
  const db = await openPglite();
  try {
    await migrate(db.sql);
    const config = readConfig({ SEED: "none" });
    await seedDemo(db.sql, config, scale);
    const app = createApp({ sql: db.sql, config, now: () => new Date() });
    const [admin] = await db.sql`SELECT id FROM user_clinician WHERE username = 'demo.admin@stepwise.local'`;
    const policy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs, now: () => new Date() };
    const cookie = `stepwise_session=${(await createSession(db.sql, admin.id as string, policy)).token}`;
    const rows: { label: string; bytes: number; ms: number; count?: number }[] = [];
    for (const [label, accept] of [
      ["plain", ""],
      ["gzip", "gzip"],
      ["br", "br"],
    ] as const) {
      const times: number[] = [];
      let bytes = 0;
      let count: number | undefined;
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        const res = await app.request(`http://localhost/api/sync/pull?limit=${MAX_LIMIT}`, {
          headers: { cookie, ...(accept ? { "Accept-Encoding": accept } : {}) },
        });
        const body = Buffer.from(await res.arrayBuffer());
        times.push(performance.now() - started);
        if ((res.headers.get("content-encoding") ?? "") !== accept) throw new Error(`${label}: not ${accept}`);
        bytes = body.length;
        if (!accept) {
          const page = JSON.parse(body.toString());
          count = [...Object.values(page.changes), ...Object.values(page.removed)].flat().length;
        }
      }
      rows.push({ label, bytes, ms: times.sort((a, b) => a - b)[2], count });
    }
    return rows;
  } finally {
    await db.close();
  }
}

const page = await pullPage();
const plain = page[0].bytes;
console.log(`Pull page of ${page[0].count} rows (demo admin, --scale ${scale}), answered by the server:`);
for (const r of page)
  console.log(`  ${r.label.padEnd(6)}${kb(r.bytes)}  ${ratio(r.bytes, plain)}   ${r.ms.toFixed(0)} ms (median of 5)`);

const assets = join("dist", "assets");
if (!existsSync(assets)) {
  console.log("No dist/: run `npx vite build` to measure the largest script.");
} else {
  const largest = readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ f, size: statSync(join(assets, f)).size }))
    .sort((a, b) => b.size - a.size)[0];
  const path = join(assets, largest.f);
  console.log(`Largest script, ${largest.f}, as served from dist/ (precompressed at build):`);
  console.log(`  plain ${kb(largest.size)}  ${ratio(largest.size, largest.size)}`);
  for (const [label, ext] of [
    ["gzip", ".gz"],
    ["br", ".br"],
  ]) {
    const size = existsSync(path + ext) ? readFileSync(path + ext).length : Number.NaN;
    console.log(
      `  ${label.padEnd(6)}${kb(size)}  ${ratio(size, largest.size)}${Number.isNaN(size) ? "  (missing: rebuild)" : ""}`,
    );
  }
}
