// npm run seed -- [--scale N] [--database-url URL]
// Seeds the demo clinic, N times larger, into DATABASE_URL (or --database-url), else the
// embedded database in DATA_DIR. A real server is only ever seeded by running this.
import { parseArgs } from "node:util";
import { readConfigOrExit } from "../config.ts";
import { openDatabase } from "../db/connect.ts";
import { migrate } from "../db/migrate.ts";
import { seedDemo } from "./demo.ts";

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    "database-url": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
const scale = Number(values.scale);
if (values.help || !Number.isInteger(scale) || scale < 1) {
  console.log(
    "Usage: npm run seed -- [--scale N] [--database-url URL]   (N a whole number ≥ 1; 100 ≈ a million messages)",
  );
  process.exit(values.help ? 0 : 1);
}

const config = readConfigOrExit();
const url = values["database-url"] ?? config.databaseUrl;
const db = await openDatabase({ url, dataDir: config.dataDir });
try {
  await migrate(db.sql);
  const started = performance.now();
  const lines = await seedDemo(db.sql, config, scale);
  for (const line of lines) console.log(line);
  const where = db.kind === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL";
  console.log(`Seeded scale ${scale} into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
