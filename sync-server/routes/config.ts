import { Hono } from "hono";
import type { AppEnv } from "../env.ts";

/** Public settings the PWA reads at run time, so a deployment changes them without a rebuild. */
export const configRoutes = new Hono<AppEnv>().get("/config", (c) => {
  const { config, mailer } = c.get("deps");
  return c.json({
    introVideoUrl: config.introVideoUrl,
    introVideoCaptionsUrl: config.introVideoCaptionsUrl,
    voiceBotUrl: config.voiceBotUrl,
    supportEmail: config.supportEmail,
    samplePatients: config.samplePatients,
    emailConfigured: Boolean(mailer),
  });
});
