import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { currentUser, requireUser } from "../http/session.ts";
import { decodeCursor, parseLimit } from "../sync/cursor.ts";
import { pullPage } from "../sync/pull.ts";

const DAY_MS = 86_400_000;

/** GET /api/sync/pull?cursor=&limit=: what changed for this user since the cursor, a page at a time. */
export const syncRoutes = new Hono<AppEnv>().get("/sync/pull", requireUser, async (c) => {
  const cursor = decodeCursor(c.req.query("cursor"));
  const limit = parseLimit(c.req.query("limit"));
  const { sql, config, now } = c.get("deps");
  const window = new Date(now().getTime() - config.adminMessageWindowDays * DAY_MS);
  return c.json(await pullPage(sql, currentUser(c), cursor, limit, window));
});
