// npm run bench -- bundle: gzipped JavaScript of the first load of `/` (the entry and its static
// imports, from dist/.vite/manifest.json) against the 100 KB budget (issue 11), and each lazy route chunk.
// Run `npx vite build` first. A benchmark prints figures; it asserts nothing.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 100;
const dist = "dist";
const manifestPath = join(dist, ".vite", "manifest.json");
if (!existsSync(manifestPath)) {
  console.error("dist/.vite/manifest.json is missing: run `npx vite build` first.");
  process.exit(1);
}

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(manifestPath, "utf8"));
const gzKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const sum = (keys: Iterable<string>) => [...keys].reduce((kb, k) => kb + gzKb(manifest[k].file), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error("No entry chunk in the manifest");
const firstLoad = closure(entryKey);
// The landing page is a lazy route, but `/` cannot render without it: it belongs to the first load.
const landingKey = Object.keys(manifest).find((k) => k.includes("features/landing/page"));
const firstLoadOfRoot = new Set(firstLoad);
if (landingKey) closure(landingKey, firstLoadOfRoot);

const rows: [string, string, string][] = [];
const total = sum(firstLoadOfRoot);
rows.push(["first load of / (entry + static imports + landing)", total.toFixed(1), `${BUDGET_KB}`]);
rows.push(["  entry and its static imports", sum(firstLoad).toFixed(1), ""]);
for (const [key, chunk] of Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b))) {
  if (!chunk.isDynamicEntry || !chunk.file.endsWith(".js")) continue;
  // What a route adds on top of the first load: its chunk and shared chunks not yet loaded.
  const extra = [...closure(key)].filter((k) => !firstLoad.has(k));
  rows.push([key.replace(/^pwa\//, ""), sum(extra).toFixed(1), ""]);
}

const widths = [0, 1, 2].map((i) =>
  Math.max(...rows.map((r) => r[i].length), ["chunk", "gzip KB", "budget KB"][i].length),
);
const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log(line(["chunk", "gzip KB", "budget KB"]));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows) console.log(line(r));
console.log(
  `\nFirst load of /: ${total.toFixed(1)} KB of gzipped JavaScript, ${total <= BUDGET_KB ? "within" : "OVER"} the ${BUDGET_KB} KB budget.`,
);
