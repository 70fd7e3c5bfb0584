// npm start: build the PWA if it is missing or older than its sources, then serve it and /api.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

const built = existsSync("dist/index.html") ? statSync("dist/index.html").mtimeMs : 0;
const sources = Math.max(
  newest("pwa"),
  newest("schema"),
  statSync("vite.config.ts").mtimeMs,
  statSync("scripts/precompress.ts").mtimeMs,
);
if (built < sources) {
  console.log("Building the Stepwise app…");
  const status = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" }).status;
  if (status !== 0) process.exit(status ?? 1);
}
const server = spawnSync("npx", ["tsx", "sync-server/main.ts"], { stdio: "inherit" });
process.exit(server.status ?? 0);
