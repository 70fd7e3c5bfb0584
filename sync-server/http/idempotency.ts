import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";

/** Replays the stored answer of a repeated Idempotency-Key (filled in by the sync work). */
export const idempotency = createMiddleware<AppEnv>(async (_c, next) => {
  await next();
});
