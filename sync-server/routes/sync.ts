import { Hono } from "hono";
import { REMOVED_CONVERSATIONS_PARAM } from "../../schema/rows.ts";
import type { AppEnv } from "../env.ts";
import { badRequest } from "../http/errors.ts";
import { allowedUser, signIn } from "../http/session.ts";
import { type Cursor, decodeCursor, parseLimit } from "../sync/cursor.ts";
import { deltaCheckOf, pullPage } from "../sync/pull.ts";
import { deltaCheck } from "../sync/quiet.ts";

const DAY_MS = 86_400_000;

/**
 * GET /api/sync/pull?cursor=&limit=&removedConversations=1: what changed for this user since the cursor, a page at a time.
 * It loads its own session (http/session.ts skips it): a delta pull's check of what changed is read
 * in the session lookup's statement, so a pull with nothing new, what devices ask all day, costs one
 * statement, or only the database's snapshot when this session's last pull had nothing new and
 * nothing was written since (sync/quiet.ts). The session is checked as for every route; the check's
 * answer is used only then.
 */
export const syncRoutes = new Hono<AppEnv>().get("/sync/pull", async (c) => {
  const { sql, config, now } = c.get("deps");
  const text = c.req.query("cursor");
  const delta = deltaCheckOf(validOrFirst(text));
  const check = delta && deltaCheck(sql, delta.role, delta.from);
  const row = await signIn(c, check?.columns);
  const user = allowedUser(c);
  const cursor = decodeCursor(text);
  const limit = parseLimit(c.req.query("limit"));
  const removesConversations = removesConversationsOf(c.req.query(REMOVED_CONVERSATIONS_PARAM));
  const window = new Date(now().getTime() - config.adminMessageWindowDays * DAY_MS);
  const checked = check && row && user.role === delta.role ? await check.answer(row, user) : undefined;
  return c.json(await pullPage(sql, user, cursor, limit, window, checked, removesConversations));
});

/** `removedConversations=1`: the device applies them (see sync/removals.ts); absent: an older device. */
function removesConversationsOf(text: string | undefined) {
  if (text !== undefined && text !== "1") throw badRequest(`${REMOVED_CONVERSATIONS_PARAM} must be 1 when given.`);
  return text === "1";
}

/** The cursor, or a first sync's when it is not valid: its error comes after the session's (401 first). */
function validOrFirst(text: string | undefined): Cursor {
  try {
    return decodeCursor(text);
  } catch {
    return { x: "0" };
  }
}
