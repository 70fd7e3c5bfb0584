import type { Context } from "hono";
import type { ACTIVITY_FILTER_TYPES } from "../schema/auth.ts";
import type { Db } from "./db/connect.ts";
import type { AppEnv } from "./env.ts";
import { clientIp, userAgent } from "./http/client.ts";

export type ActivityType = (typeof ACTIVITY_FILTER_TYPES)[number];

/**
 * Records one user activity with the caller's IP and user agent. A `patient_id` in the metadata also
 * goes to its own column, so the log's patient filter finds it (who exported or opened this patient's data).
 */
export async function logActivity(
  c: Context<AppEnv>,
  type: ActivityType,
  userId: string | null,
  metadata: Record<string, unknown> | null = null,
  sql: Db = c.get("deps").sql,
) {
  const patientId = typeof metadata?.patient_id === "string" ? metadata.patient_id : null;
  await sql`INSERT INTO user_activity (user_id, activity_type, ip_address, user_agent, timestamp, metadata, patient_id)
    VALUES (${userId}, ${type}, ${clientIp(c)}, ${userAgent(c)}, ${c.get("deps").now()},
            ${metadata ? sql.json(metadata as never) : null}, ${patientId})`;
}
