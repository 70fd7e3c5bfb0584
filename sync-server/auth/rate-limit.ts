import type { Config } from "../config.ts";
import type { Sql } from "../db/connect.ts";

/**
 * Sign-in throttling counted from the `login_failed` rows of user_activity, so
 * every server process on the same database sees the same count. A username is
 * locked after `loginMaxFailures` failures within the window (a successful
 * sign-in starts its count afresh); an IP after `loginMaxFailuresPerIp`.
 * Returns the seconds until the next attempt is allowed, or null when allowed.
 */
export async function loginRetryAfter(
  sql: Sql,
  config: Config,
  now: Date,
  username: string,
  ip: string | null,
): Promise<number | null> {
  const since = new Date(now.getTime() - config.loginWindowMs);
  // The failure whose expiry brings the count back under the limit: the max-th newest in the window.
  const [byName] = await sql`
    SELECT timestamp FROM user_activity
    WHERE activity_type = 'login_failed' AND timestamp > ${since}
      AND lower(metadata->>'username') = lower(${username})
      AND timestamp > coalesce((
        SELECT max(a.timestamp) FROM user_activity a JOIN user_clinician u ON u.id = a.user_id
        WHERE a.activity_type = 'login' AND lower(u.username) = lower(${username})), '-infinity')
    ORDER BY timestamp DESC OFFSET ${config.loginMaxFailures - 1} LIMIT 1`;
  const [byIp] = ip
    ? await sql`
        SELECT timestamp FROM user_activity
        WHERE activity_type = 'login_failed' AND timestamp > ${since} AND ip_address = ${ip}
        ORDER BY timestamp DESC OFFSET ${config.loginMaxFailuresPerIp - 1} LIMIT 1`
    : [];
  const unlockAt = Math.max(
    ...[byName, byIp].flatMap((row) => (row ? [(row.timestamp as Date).getTime() + config.loginWindowMs] : [])),
  );
  if (!Number.isFinite(unlockAt)) return null;
  return Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000));
}
