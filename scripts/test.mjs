// npm test: unit + API tests (PGlite, and real PostgreSQL when TEST_DATABASE_URL is set),
// then the browser tests when Chromium is found. CI sets REQUIRE_E2E=1 so a missing browser fails.
// npm run test:e2e (--e2e-only): only the browser tests, which then require Chromium;
// further arguments go to vitest, e.g. `npm run test:e2e -- e2e/sign-in.test.ts`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (args) => spawnSync("npx", ["vitest", "run", ...args], { stdio: "inherit" }).status ?? 1;
const e2eOnly = process.argv.includes("--e2e-only");
const e2eArgs = process.argv.slice(2).filter((arg) => arg !== "--e2e-only");

let status = 0;
if (!e2eOnly) {
  const projects = ["--project", "unit", "--project", "api-pglite"];
  if (process.env.TEST_DATABASE_URL) projects.push("--project", "api-postgres");
  else console.log("TEST_DATABASE_URL is not set: the API tests run on embedded PGlite only.");
  status = run(projects);
}

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (existsSync(chromium)) {
  const build = spawnSync("npx", ["vite", "build"], { stdio: "inherit" }).status;
  status ||= build ?? 1;
  // The browser tests run even after a failed unit/API run, so one run reports both.
  if (build === 0) status = run(["--project", "e2e", ...e2eArgs]) || status;
} else if (e2eOnly || process.env.REQUIRE_E2E === "1") {
  console.error(`Browser tests are required but Chromium was not found at ${chromium}.`);
  status ||= 1;
} else {
  console.log(`SKIPPED the browser tests: Chromium was not found at ${chromium} (set CHROMIUM_PATH).`);
}
process.exit(status);
