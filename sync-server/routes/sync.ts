import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { allowedUser, signIn } from "../http/session.ts";
import { changeColumns, readChanged } from "../sync/changed.ts";
import { type Cursor, decodeCursor, parseLimit } from "../sync/cursor.ts";
import { deltaCheckOf, pullPage } from "../sync/pull.ts";

const DAY_MS = 86_400_000;

/**
 * GET /api/sync/pull?cursor=&limit=: what changed for this user since the cursor, a page at a time.
 * It loads its own session (http/session.ts skips it): a delta pull's check of what changed is read
 * in the session lookup's statement, so a pull with nothing new, what devices ask all day, costs one
 * statement. The session is checked as for every route; the check's answer is used only then.
 */
export const syncRoutes = new Hono<AppEnv>().get("/sync/pull", async (c) => {
  const { sql, config, now } = c.get("deps");
  const text = c.req.query("cursor");
  const delta = deltaCheckOf(validOrFirst(text));
  const row = await signIn(c, delta && ((userId) => changeColumns(sql, delta.role, userId, delta.from)));
  const user = allowedUser(c);
  const cursor = decodeCursor(text);
  const limit = parseLimit(c.req.query("limit"));
  const window = new Date(now().getTime() - config.adminMessageWindowDays * DAY_MS);
  const checked = delta && row && user.role === delta.role ? readChanged(row, delta.role) : undefined;
  return c.json(await pullPage(sql, user, cursor, limit, window, checked));
});

/** The cursor, or a first sync's when it is not valid: its error comes after the session's (401 first). */
function validOrFirst(text: string | undefined): Cursor {
  try {
    return decodeCursor(text);
  } catch {
    return { x: "0" };
  }
}
