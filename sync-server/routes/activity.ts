import { ActivityQuery } from "@schema/auth.ts";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { check } from "../http/errors.ts";
import { requireAdmin, requireUser } from "../http/session.ts";

export const activityRoutes = new Hono<AppEnv>();

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

activityRoutes.get("/admin/user-activity", requireUser, requireAdmin, async (c) => {
  // Empty query values (?userId=) mean "no filter", as the page's "All" options send them.
  const raw = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ""));
  const q = check(ActivityQuery, raw);
  const start = q.startDate ? new Date(q.startDate) : null;
  // A bare end date includes that whole day.
  const end = q.endDate ? new Date(new Date(q.endDate).getTime() + (DATE_ONLY.test(q.endDate) ? DAY_MS : 1)) : null;
  const { sql } = c.get("deps");

  const matching = sql`
    FROM user_activity a LEFT JOIN user_clinician u ON u.id = a.user_id
    WHERE (${q.activityType ?? null}::text IS NULL OR a.activity_type = ${q.activityType ?? null})
      AND (${q.userId ?? null}::text IS NULL OR a.user_id = ${q.userId ?? null})
      AND (${q.patientId ?? null}::text IS NULL OR a.patient_id = ${q.patientId ?? null})
      AND (${start}::timestamptz IS NULL OR a.timestamp >= ${start})
      AND (${end}::timestamptz IS NULL OR a.timestamp < ${end})`;
  const [{ total }] = await sql`SELECT count(*)::int AS total ${matching}`;
  const rows = await sql`
    SELECT a.id, a.user_id, a.activity_type, a.ip_address, a.user_agent, a.timestamp, a.metadata,
           nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS user_full_name,
           coalesce(u.username, a.metadata->>'username') AS username
    ${matching}
    ORDER BY a.timestamp DESC, a.id DESC
    LIMIT ${q.limit} OFFSET ${q.offset}`;

  c.header("X-Total-Count", String(total));
  return c.json(
    rows.map((r) => ({
      id: String(r.id),
      user_id: r.user_id ?? null,
      user_full_name: r.user_full_name ?? null,
      username: r.username ?? null,
      activity_type: r.activity_type,
      ip_address: r.ip_address ?? null,
      user_agent: r.user_agent ?? null,
      timestamp: (r.timestamp as Date).toISOString(),
      metadata: r.metadata ?? null,
    })),
  );
});
