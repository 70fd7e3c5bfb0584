import { errorTexts } from "@schema/error-codes.ts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps, AppEnv } from "./env.ts";
import { compressJson } from "./http/compress.ts";
import { HttpError, notFound, toErrorResponse } from "./http/errors.ts";
import { idempotency } from "./http/idempotency.ts";
import { originCheck } from "./http/origin.ts";
import { securityHeaders } from "./http/security.ts";
import { loadSession } from "./http/session.ts";
import { serveApp } from "./http/static.ts";
import { activityRoutes } from "./routes/activity.ts";
import { agentRoutes } from "./routes/agent.ts";
import { authRoutes } from "./routes/auth.ts";
import { configRoutes } from "./routes/config.ts";
import { conversationsRoutes } from "./routes/conversations.ts";
import { homeworkRoutes } from "./routes/homework.ts";
import { invitationsRoutes } from "./routes/invitations.ts";
import { patientsRoutes } from "./routes/patients.ts";
import { profileRoutes } from "./routes/profile.ts";
import { promptsRoutes } from "./routes/prompts.ts";
import { recordViewsRoutes } from "./routes/record-views.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { summariesRoutes } from "./routes/summaries.ts";
import { syncRoutes } from "./routes/sync.ts";
import { usersRoutes } from "./routes/users.ts";

export interface AppOptions {
  /** Serve the built PWA from this folder (main.ts passes dist/); tests of the API leave it out. */
  staticDir?: string;
}

/** Builds the whole HTTP app from its dependencies; no globals, so tests make as many as they like. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.onError(toErrorResponse);
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use("*", securityHeaders());

  const api = new Hono<AppEnv>();
  // Outermost, so the idempotency store keeps (and replays) the plain JSON.
  api.use("*", compressJson);
  // One body limit, chosen by path: the agent's message intake sends batches, so its routes allow 10×.
  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new HttpError(413, errorTexts.payload_too_large);
      },
    });
  const appLimit = limitOf(deps.config.bodyLimitBytes);
  const agentLimit = limitOf(deps.config.bodyLimitBytes * 10);
  // A GET or HEAD has no body to limit; asking for one would build a full Request for each (the
  // delta pull that devices repeat all day).
  api.use("*", (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    return (c.req.path.startsWith("/api/agent/") ? agentLimit : appLimit)(c, next);
  });
  api.use("*", async (c, next) => {
    await next();
    // On the answer's own headers: c.header() after the handler would copy the answer into a new Response.
    c.res.headers.set("Cache-Control", "no-store");
  });
  api.use("*", originCheck, loadSession, idempotency);
  api
    .route("/", configRoutes)
    .route("/", authRoutes)
    .route("/", invitationsRoutes)
    .route("/", usersRoutes)
    .route("/", profileRoutes)
    .route("/", activityRoutes)
    .route("/", recordViewsRoutes)
    .route("/", settingsRoutes)
    .route("/", patientsRoutes)
    .route("/", homeworkRoutes)
    .route("/", conversationsRoutes)
    .route("/", promptsRoutes)
    .route("/", summariesRoutes)
    .route("/", agentRoutes)
    .route("/", syncRoutes);
  api.all("*", (c) => {
    throw notFound(`No API endpoint ${c.req.method} ${c.req.path}`);
  });
  app.route("/api", api);

  if (options.staticDir) app.route("/", serveApp(options.staticDir));
  return app;
}

export type App = ReturnType<typeof createApp>;
