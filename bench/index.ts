// npm run bench -- <name> [args]: runs bench/<name>.ts. Benchmarks print figures and compare
// against a baseline measured in the same run; they are not tests and assert nothing.
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const available = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "index.ts" && !f.includes(".test."))
  .map((f) => f.replace(/\.ts$/, ""));
const name = process.argv[2];
if (!name || !existsSync(`${dir}${name}.ts`)) {
  console.log(`Usage: npm run bench -- <${available.join("|") || "name"}> [options]`);
  process.exit(name ? 1 : 0);
}
process.argv.splice(2, 1);
await import(`./${name}.ts`);
