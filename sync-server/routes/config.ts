import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { readSettings } from "./settings.ts";

/** Public settings the PWA reads at run time, so a deployment changes them without a rebuild. */
export const configRoutes = new Hono<AppEnv>().get("/config", async (c) => {
  const { config, mailer, sql } = c.get("deps");
  const settings = await readSettings(sql);
  return c.json({
    introVideoUrl: config.introVideoUrl,
    introVideoCaptionsUrl: config.introVideoCaptionsUrl,
    voiceBotUrl: config.voiceBotUrl,
    supportEmail: config.supportEmail,
    samplePatients: config.samplePatients,
    emailConfigured: Boolean(mailer),
    /** Minutes without use (or hidden) after which a device locks until its PIN is entered (an admin setting). */
    lockIdleMinutes: settings.lock_idle_minutes,
  });
});
