import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { varyOnEncoding } from "./compress.ts";

/** Text answers whose bytes depend on Accept-Encoding (the build wrote .br/.gz beside them). */
const TEXT_TYPE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

/**
 * Serves the built PWA. Hashed assets are cached for a year; index.html and the
 * service worker never, so an update reaches devices. Every other GET is the app
 * shell (client-side routes, including the 404 page); a dot-path is a plain 404.
 * Text files go out as the build's brotli or gzip copy when the browser accepts it.
 */
export function serveApp(dir: string) {
  const app = new Hono<AppEnv>();
  // Build metadata (.vite/manifest.json) and any other dot-path is not the app's to serve.
  app.use("*", async (c, next) => {
    if (c.req.path.split("/").some((segment) => segment.startsWith("."))) return c.text("Not found", 404);
    await next();
  });
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("*", async (c, next) => {
    await next();
    if (/\/(sw\.js|index\.html|manifest\.webmanifest)$/.test(c.req.path)) c.header("Cache-Control", "no-cache");
  });
  // Hono's MIME table lacks WebVTT, and browsers may refuse captions served as octet-stream.
  app.use("*", async (c, next) => {
    await next();
    if (c.res.ok && c.req.path.endsWith(".vtt")) c.header("Content-Type", "text/vtt; charset=utf-8");
  });
  // Also on a plain answer: a cache in between must not hand it to a browser that takes brotli, nor the reverse.
  app.use("*", async (c, next) => {
    await next();
    if (TEXT_TYPE.test(c.res.headers.get("Content-Type") ?? "") || c.req.path.endsWith(".vtt")) varyOnEncoding(c.res);
  });
  app.use("*", serveStatic({ root: dir, precompressed: true }));
  app.get("*", async (c, next) => {
    c.header("Cache-Control", "no-cache");
    return serveStatic({ root: dir, path: "index.html", precompressed: true })(c, next);
  });
  return app;
}
