import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * Serves the built PWA. Hashed assets are cached for a year; index.html and the
 * service worker never, so an update reaches devices. Every other GET is the app
 * shell (client-side routes, including the 404 page).
 */
export function serveApp(dir: string) {
  const app = new Hono<AppEnv>();
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
  app.use("*", serveStatic({ root: dir }));
  app.get("*", (c) => {
    const html = readFileSync(join(dir, "index.html"), "utf8");
    c.header("Cache-Control", "no-cache");
    return c.html(html);
  });
  return app;
}
