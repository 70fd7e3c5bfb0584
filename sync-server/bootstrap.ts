import { hashPassword } from "./auth/password.ts";
import { randomToken } from "./auth/tokens.ts";
import type { Config } from "./config.ts";
import type { Sql } from "./db/connect.ts";

/**
 * The contract's first admin: when no admin exists, create one from
 * ADMIN_EMAIL/ADMIN_PASSWORD, else admin@stepwise.local with a random password
 * that is printed once and must be changed at the first sign-in. Returns what to print, or null
 * when an admin exists.
 */
export async function ensureFirstAdmin(sql: Sql, config: Config): Promise<string | null> {
  const [existing] = await sql`SELECT 1 FROM user_clinician WHERE role = 'admin' LIMIT 1`;
  if (existing) return null;
  const username = config.adminEmail ?? "admin@stepwise.local";
  const password = config.adminPassword ?? randomToken(12);
  const hash = await hashPassword(password);
  // A generated password is printed, so it stays in the server's log: it opens nothing but its own change.
  const mustChange = !config.adminPassword;
  await sql`INSERT INTO user_clinician (username, password, first_name, last_name, role, must_change_password)
    VALUES (${username}, ${hash}, 'Admin', 'User', 'admin', ${mustChange})
    ON CONFLICT (lower(username)) DO UPDATE
      SET role = 'admin', password = EXCLUDED.password, must_change_password = EXCLUDED.must_change_password`;
  return config.adminPassword
    ? `Admin account ${username} created with the password from ADMIN_PASSWORD.`
    : `Admin account created — sign in as ${username} with the password ${password} (shown once; you will be asked to choose your own at the first sign-in).`;
}
