import { errorTexts } from "@schema/error-codes.ts";
import type { Context } from "hono";
import { badRequest, conflict } from "./errors.ts";

export const VERSION_CONFLICT = errorTexts.version_conflict;

/** The If-Match version of an update, or undefined when the client sent none (last writer wins). */
function ifMatchVersion(c: Context): number | undefined {
  const raw = c.req.header("if-match");
  if (raw === undefined || raw.trim() === "" || raw.trim() === "*") return undefined;
  const n = Number(raw.trim().replace(/^W\//, "").replace(/"/g, ""));
  if (!Number.isInteger(n) || n < 1) throw badRequest("If-Match must be the row's version, a whole number");
  return n;
}

/** 409 with the current row when the client's If-Match names an older version. */
export function assertVersion<T extends { version: number }>(c: Context, current: T): void {
  const expected = ifMatchVersion(c);
  if (expected !== undefined && expected !== current.version) {
    throw conflict(VERSION_CONFLICT, { code: "version_conflict", current });
  }
}
