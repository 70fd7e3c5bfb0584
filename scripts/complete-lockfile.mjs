// The npm registry mirror this project installs from serves native binaries only for the platforms
// it was filled for, so `npm install` leaves other platforms' optional binaries out of
// package-lock.json and `npm ci` then refuses the lock as out of sync. This adds the missing entries
// (version from the parent's optionalDependencies; os/cpu/libc from the package name), so npm skips
// them on a platform they do not fit, as it does with a complete lock. Run after `npm install`.
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["android", "darwin", "linux", "win32", "freebsd", "openbsd", "openharmony", "sunos", "aix", "netbsd"];
const CPU = ["arm64", "x64", "arm", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${path ? `${path}/` : ""}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[key] || packages[hoisted]) continue;
    const parts = name.split("/").pop().split("-");
    const os = parts.filter((p) => OS.includes(p));
    const cpu = parts.filter((p) => CPU.includes(p));
    if (cpu.length === 0) continue; // not a platform binary: leave it to npm
    const libc = os.includes("linux") ? [parts.includes("musl") ? "musl" : "glibc"] : undefined;
    packages[hoisted] = {
      version,
      cpu,
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc } : {}),
      optional: true,
      ...(os.length ? { os } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : a.localeCompare(b))));
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform binaries the registry does not serve here.`);
