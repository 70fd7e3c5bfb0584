import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { currentUser, requireUser } from "../http/session.ts";
import { decodeCursor, parseLimit } from "../sync/cursor.ts";
import { pullPage } from "../sync/pull.ts";

/** GET /api/sync/pull?cursor=&limit=: what changed for this user since the cursor, a page at a time. */
export const syncRoutes = new Hono<AppEnv>().get("/sync/pull", requireUser, async (c) => {
  const cursor = decodeCursor(c.req.query("cursor"));
  const limit = parseLimit(c.req.query("limit"));
  return c.json(await pullPage(c.get("deps").sql, currentUser(c), cursor, limit));
});
