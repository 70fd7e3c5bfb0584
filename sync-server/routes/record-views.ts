import { patientMessages } from "@schema/patient.ts";
import { RecordViewsBody } from "@schema/record-view.ts";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { clientIp, userAgent } from "../http/client.ts";
import { jsonBody, notFound } from "../http/errors.ts";
import { currentUser, requireUser } from "../http/session.ts";

export const recordViewsRoutes = new Hono<AppEnv>();

/**
 * POST /api/activity/views: the device's queue of record views (reads of a patient's data), each
 * logged as a `record_view` activity at the time it happened. Only views of the caller's own
 * patients (an admin's: any); a batch naming another patient answers 404 like a missing one and
 * writes nothing. Each view's id makes a resend after a lost answer store nothing new.
 */
recordViewsRoutes.post("/activity/views", requireUser, async (c) => {
  const user = currentUser(c);
  const body = await jsonBody(c, RecordViewsBody);
  const { sql, now } = c.get("deps");
  const received = now();
  // How far the device's clock is off: each view is dated by the server's clock minus how long before sending it happened.
  const skewMs = body.sent_at ? received.getTime() - Date.parse(body.sent_at) : 0;

  const names = [...new Set(body.views.map((view) => view.patient_name))];
  const visible = await sql`SELECT id, username FROM patients WHERE username IN ${sql(names)}
    AND (${user.role === "admin"} OR clinician_id = ${user.id})`;
  const idOf = new Map(visible.map((row) => [row.username as string, row.id as string]));
  const hidden = names.find((name) => !idOf.has(name));
  if (hidden !== undefined) throw notFound(patientMessages.noUsername(hidden));

  const ip = clientIp(c);
  const agent = userAgent(c);
  const recorded = await sql.begin(async (tx) => {
    let count = 0;
    for (const view of body.views) {
      const at = new Date(Math.min(received.getTime(), Date.parse(view.viewed_at) + skewMs));
      const patientId = idOf.get(view.patient_name) as string;
      const metadata = {
        view_id: view.id,
        patient_id: patientId,
        patient_name: view.patient_name,
        what: view.what,
        target_id: view.target_id ?? null,
        device_id: view.device_id ?? null,
        device_viewed_at: view.viewed_at,
      };
      const rows = await tx`INSERT INTO user_activity
          (user_id, activity_type, ip_address, user_agent, timestamp, metadata, patient_id)
        VALUES (${user.id}, 'record_view', ${ip}, ${agent}, ${at}, ${tx.json(metadata)}, ${patientId})
        ON CONFLICT (user_id, (metadata->>'view_id')) WHERE activity_type = 'record_view' DO NOTHING
        RETURNING 1`;
      count += rows.length;
    }
    return count;
  });
  return c.json({ recorded, already_recorded: body.views.length - recorded });
});
