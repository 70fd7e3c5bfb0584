// npm test: unit + API tests (PGlite, and real PostgreSQL when TEST_DATABASE_URL is set),
// then the browser tests when Chromium is found. CI sets REQUIRE_E2E=1 so a missing browser fails.
// npm run test:e2e (--e2e-only): only the browser tests, which then require Chromium;
// further arguments go to vitest, e.g. `npm run test:e2e -- e2e/sign-in.test.ts`.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

// Each run also writes a JSON report, so the end of the output names every failed test: CI shows
// only the last lines, and a unit failure would otherwise be thousands of lines above them.
const reports = [];
const run = (args) => {
  const report = join(tmpdir(), `stepwise-test-${process.pid}-${reports.length}.json`);
  reports.push(report);
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  return spawnSync("npx", ["vitest", "run", ...reporters, ...args], { stdio: "inherit" }).status ?? 1;
};

function printFailures() {
  const failed = [];
  for (const report of reports) {
    if (!existsSync(report)) continue;
    for (const file of JSON.parse(readFileSync(report, "utf8")).testResults ?? []) {
      const tests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
      const where = relative(process.cwd(), file.name);
      for (const test of tests) failed.push(`${where} > ${test.fullName}\n    ${firstLine(test.failureMessages)}`);
      if (tests.length === 0 && file.status === "failed") failed.push(`${where}\n    ${firstLine([file.message])}`);
    }
    rmSync(report, { force: true });
  }
  if (failed.length > 0) console.log(`\nFailed (${failed.length}):\n${failed.map((f) => `  ${f}`).join("\n")}`);
}
const firstLine = (messages) =>
  String(messages?.[0] ?? "")
    .split("\n")[0]
    .slice(0, 300);
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
printFailures();
process.exit(status);
