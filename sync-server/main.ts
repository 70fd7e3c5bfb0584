import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { ensureFirstAdmin } from "./bootstrap.ts";
import { readConfigOrExit } from "./config.ts";
import { openDatabase } from "./db/connect.ts";
import { migrate } from "./db/migrate.ts";
import { smtpMailer } from "./mail.ts";
import { seedDemo } from "./seed/demo.ts";

const config = readConfigOrExit();
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await migrate(db.sql);

// The first admin comes before the demo clinic, whose own demo admin must not stand in for it.
// A real DATABASE_URL is never seeded unless asked (npm run seed).
const [{ n: usersBefore }] = await db.sql`SELECT count(*)::int AS n FROM user_clinician`;
const adminNote = await ensureFirstAdmin(db.sql, config);
if (adminNote) console.log(adminNote);
if (db.kind === "pglite" && config.seed === "demo" && usersBefore === 0) {
  for (const line of await seedDemo(db.sql, config)) console.log(line);
}

const distDir = fileURLToPath(new URL("../dist/", import.meta.url));
const app = createApp(
  {
    sql: db.sql,
    config,
    mailer: config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined,
    now: () => new Date(),
  },
  { staticDir: existsSync(distDir) ? distDir : undefined },
);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const where = db.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  console.log(`Stepwise is running at http://${config.host}:${info.port} (${where})`);
});

const shutdown = async () => {
  server.close();
  await db.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
