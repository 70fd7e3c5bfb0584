import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Files below this gain too little to be worth a second request path. */
export const PRECOMPRESS_MIN_BYTES = 1024;
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|vtt|xml)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside each text file of at least 1 KB in `dir` (dot-folders
 * such as .vite/ are build metadata and skipped), each only when it is smaller than the file.
 * Build time can afford the slowest, smallest settings; the server only picks a file.
 */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      written += precompressDir(path);
      continue;
    }
    if (!TEXT_FILE.test(entry.name)) continue;
    const plain = readFileSync(path);
    if (plain.length < PRECOMPRESS_MIN_BYTES) continue;
    const variants = {
      br: brotliCompressSync(plain, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      }),
      gz: gzipSync(plain, { level: 9 }),
    };
    for (const [ext, bytes] of Object.entries(variants)) {
      if (bytes.length >= plain.length) continue;
      writeFileSync(`${path}.${ext}`, bytes);
      written++;
    }
  }
  return written;
}

/**
 * The Vite plugin: runs after every other plugin's closeBundle, so the service worker that
 * vite-plugin-pwa writes is compressed too. Its precache globs (*.js, *.css…) never match
 * a .br or .gz file, so the service worker still caches each asset once, by its plain URL.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "stepwise-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
