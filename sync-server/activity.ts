import type { Context } from "hono";
import type { ACTIVITY_FILTER_TYPES } from "../schema/auth.ts";
import type { Db } from "./db/connect.ts";
import type { AppEnv } from "./env.ts";
import { clientIp, userAgent } from "./http/client.ts";

export type ActivityType = (typeof ACTIVITY_FILTER_TYPES)[number];

/** Records one user activity with the caller's IP and user agent. */
export async function logActivity(
  c: Context<AppEnv>,
  type: ActivityType,
  userId: string | null,
  metadata: Record<string, unknown> | null = null,
  sql: Db = c.get("deps").sql,
) {
  await sql`INSERT INTO user_activity (user_id, activity_type, ip_address, user_agent, timestamp, metadata)
    VALUES (${userId}, ${type}, ${clientIp(c)}, ${userAgent(c)}, ${c.get("deps").now()},
            ${metadata ? sql.json(metadata as never) : null})`;
}
