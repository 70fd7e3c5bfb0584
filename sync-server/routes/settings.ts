import { LOCK_IDLE_MINUTES, type Settings, SettingsBody } from "@schema/device-lock.ts";
import { Hono } from "hono";
import type { Sql } from "../db/connect.ts";
import type { AppEnv } from "../env.ts";
import { jsonBody } from "../http/errors.ts";
import { currentUser, requireAdmin, requireUser } from "../http/session.ts";

const DEFAULTS: Settings = { lock_idle_minutes: LOCK_IDLE_MINUTES.default };

/** The admin settings: each stored one over its default. */
export async function readSettings(sql: Sql): Promise<Settings> {
  const rows = await sql`SELECT key, value FROM settings`;
  const stored = Object.fromEntries(rows.map((row) => [row.key as string, row.value]));
  return { ...DEFAULTS, ...stored };
}

export const settingsRoutes = new Hono<AppEnv>();
settingsRoutes.use("/admin/settings", requireUser, requireAdmin);

/** GET /api/admin/settings: the settings an admin may change, as they are now. */
settingsRoutes.get("/admin/settings", async (c) => c.json(await readSettings(c.get("deps").sql)));

/**
 * PUT /api/admin/settings: changes the settings the body names (the others stay); answers them all.
 * Devices read the lock's idle minutes from GET /api/config.
 */
settingsRoutes.put("/admin/settings", async (c) => {
  const body = await jsonBody(c, SettingsBody);
  const { sql, now } = c.get("deps");
  const user = currentUser(c);
  await sql.begin(async (tx) => {
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined) continue;
      await tx`INSERT INTO settings (key, value, updated_at, updated_by) VALUES (${key}, ${tx.json(value)}, ${now()}, ${user.id})
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`;
    }
  });
  return c.json(await readSettings(sql));
});
