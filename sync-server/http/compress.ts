import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";

/** Smaller answers fit a packet or two: compressing them saves nothing a tablet would notice. */
const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = "br" | "gzip";

/**
 * The encoding to answer with, from Accept-Encoding: brotli or gzip, whichever the client
 * weighs higher (brotli on a tie), never one it gave `q=0`; null for neither.
 */
function chooseEncoding(header: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? 0;
  const [br, gz] = [weightOf("br"), weightOf("gzip")];
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : null;
}

/** Adds `Vary: Accept-Encoding` once. */
export function varyOnEncoding(res: Response) {
  const vary = res.headers.get("Vary") ?? "";
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) res.headers.append("Vary", "Accept-Encoding");
}

/**
 * Compresses JSON answers of the API (a 5,000-row pull page shrinks about tenfold) when the
 * client accepts it. Brotli at quality 4 and gzip at level 6 are the fast settings: on a
 * large pull page they cost a few milliseconds, off the event loop in zlib's thread pool.
 */
export const compressJson = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  // Headers first: reading `body` turns the server's light answer into a full Response, worth it only
  // when the answer may be compressed.
  if (!res.headers.get("Content-Type")?.includes("json")) return;
  varyOnEncoding(res);
  const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
  if (!encoding || res.headers.has("Content-Encoding") || c.req.method === "HEAD" || !res.body) return;
  const plain = new Uint8Array(await res.arrayBuffer());
  const body =
    plain.length < COMPRESS_MIN_BYTES
      ? plain
      : encoding === "br"
        ? await brotli(plain, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
            },
          })
        : await gzipAsync(plain, { level: 6 });
  c.res = new Response(body, { status: res.status, headers: res.headers });
  c.res.headers.delete("Content-Length");
  if (body !== plain) c.res.headers.set("Content-Encoding", encoding);
});
