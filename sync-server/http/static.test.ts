import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../scripts/precompress.ts";
import { createApp } from "../app.ts";
import { createTestContext, type TestContext } from "../test/harness.ts";

const APP_JS = Array.from({ length: 200 }, (_, i) => `export const step${i} = "practise step ${i}";`).join("\n");
const INDEX_HTML = `<!doctype html><title>Stepwise</title>${"<meta name=x content=y>".repeat(60)}`;

let t: TestContext;
let dist: string;
let app: ReturnType<typeof createApp>;

/** A small dist/ as `vite build` lays it out, served by the real app. */
beforeAll(async () => {
  t = await createTestContext();
  dist = mkdtempSync(join(tmpdir(), "stepwise-static-"));
  mkdirSync(join(dist, "assets"));
  mkdirSync(join(dist, ".vite"));
  writeFileSync(join(dist, "index.html"), INDEX_HTML);
  writeFileSync(join(dist, "assets", "index-abc123.js"), APP_JS);
  writeFileSync(join(dist, "assets", "tiny-abc123.js"), "console.log('tiny');");
  writeFileSync(join(dist, ".vite", "manifest.json"), JSON.stringify({ files: Array(100).fill("assets/x.js") }));
  precompressDir(dist); // what the build's plugin does after vite-plugin-pwa
  app = createApp(t.deps, { staticDir: dist });
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

const get = (path: string, headers: Record<string, string> = {}) => app.request(`http://localhost${path}`, { headers });

describe("serving the built app", () => {
  it("does not serve build metadata or any other dot-path", async () => {
    for (const path of ["/.vite/manifest.json", "/%2evite/manifest.json", "/.vite/", "/assets/.hidden"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("index-abc123");
    }
  });

  it("serves hashed assets for a year and client-side routes as the app shell", async () => {
    const asset = await get("/assets/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe(APP_JS);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const route = await get("/patients");
    expect(route.status).toBe(200);
    expect(await route.text()).toContain("<title>Stepwise</title>");
    expect(route.headers.get("cache-control")).toBe("no-cache");
  });

  it("sends the build's brotli or gzip copy of a text file to a browser that accepts it", async () => {
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["br;q=0, gzip", "gzip", gunzipSync],
    ] as const) {
      const res = await get("/assets/index-abc123.js", { "Accept-Encoding": accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      expect(res.headers.get("content-type"), accept).toMatch(/javascript/);
      expect(res.headers.get("vary"), accept).toMatch(/accept-encoding/i);
      expect(res.headers.get("cache-control"), accept).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length, accept).toBeLessThan(APP_JS.length / 3);
      expect(decode(bytes).toString(), accept).toBe(APP_JS);
    }
    const shell = await get("/patients", { "Accept-Encoding": "br" });
    expect(shell.headers.get("content-encoding")).toBe("br");
    expect(shell.headers.get("cache-control")).toBe("no-cache");
    expect(brotliDecompressSync(Buffer.from(await shell.arrayBuffer())).toString()).toBe(INDEX_HTML);
  });

  it("sends the plain file, still marked as varying, to a client that accepts no compression", async () => {
    for (const headers of [{}, { "Accept-Encoding": "identity" }] as Record<string, string>[]) {
      const res = await get("/assets/index-abc123.js", headers);
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(await res.text()).toBe(APP_JS);
    }
    const shell = await get("/", {});
    expect(shell.headers.get("content-encoding")).toBeNull();
    expect(await shell.text()).toBe(INDEX_HTML);
  });

  it("compresses at build only text files of at least 1 KB, never build metadata", async () => {
    expect(existsSync(join(dist, "assets", "index-abc123.js.br"))).toBe(true);
    expect(existsSync(join(dist, "assets", "index-abc123.js.gz"))).toBe(true);
    expect(existsSync(join(dist, "assets", "tiny-abc123.js.br"))).toBe(false);
    expect(existsSync(join(dist, ".vite", "manifest.json.br"))).toBe(false);
    const tiny = await get("/assets/tiny-abc123.js", { "Accept-Encoding": "br" });
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.text()).toBe("console.log('tiny');");
  });
});
