import type { Config } from "../config.ts";
import type { Sql } from "../db/connect.ts";

/** Seeds the demo clinic; returns the demo logins to print. (Filled in by the demo-clinic work.) */
export async function seedDemo(_sql: Sql, _config: Config, _scale = 1): Promise<string[]> {
  return [];
}
