import { codeForStatus, type ErrorBody, type ErrorCode, errorTexts } from "@schema/error-codes.ts";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as v from "valibot";

/** What a refusal carries beyond its message: its code (default: what its status means), issues, `current`, …. */
interface Extra {
  code?: ErrorCode;
  issues?: ErrorBody["issues"];
  [extra: string]: unknown;
}

/** The one way a handler refuses a request: status + the contract's error body (`{ message, code, issues? }`). */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly extra: Omit<Extra, "code">;
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    { code, ...extra }: Extra = {},
  ) {
    super(message);
    this.code = code ?? codeForStatus(status);
    this.extra = extra;
  }
}

export const badRequest = (message: string, issues?: ErrorBody["issues"]) =>
  new HttpError(400, message, issues ? { issues } : {});
export const notFound = (message = errorTexts.not_found) => new HttpError(404, message);
export const forbidden = (message = errorTexts.forbidden) => new HttpError(403, message);
export const conflict = (message: string, extra: Extra = {}) => new HttpError(409, message, extra);

export function issuesOf(result: v.BaseIssue<unknown>[]): NonNullable<ErrorBody["issues"]> {
  return result.map((issue) => ({ path: v.getDotPath(issue) ?? "", message: issue.message }));
}

/** Validates input against a valibot schema; bad input is a 400 naming the first problem. */
export function check<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issues = issuesOf(result.issues);
  throw badRequest(issues[0]?.message ?? "Invalid request", issues);
}

/** Reads a JSON body; malformed JSON is a 400, never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON");
  }
}

export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return check(schema, await readJson(c));
}

// PostgreSQL errors that bad input can cause: they are the client's fault, not a 500.
const clientPgErrors: Record<string, [ContentfulStatusCode, string]> = {
  "22P02": [400, "A value has the wrong format"],
  "22003": [400, "A number is out of range"],
  "22007": [400, "A date is not valid"],
  "22008": [400, "A date is out of range"],
  "22001": [400, "A value is too long"],
  // A NUL character (\u0000) in text or JSON: PostgreSQL cannot store it.
  "22021": [400, "A value contains a character that is not allowed"],
  "22P05": [400, "A value contains a character that is not allowed"],
  "23505": [409, "That record already exists"],
  "23503": [400, "A referenced record does not exist"],
  "23514": [400, "A value is not allowed"],
  "40001": [409, "The record changed at the same time; please try again"],
  "40P01": [409, "The record changed at the same time; please try again"],
};

export function toErrorResponse(err: unknown, c: Context): Response {
  const answer = (status: ContentfulStatusCode, message: string, code = codeForStatus(status), extra = {}) =>
    c.json({ message, code, ...extra } satisfies ErrorBody, status);
  if (err instanceof HttpError) return answer(err.status, err.message, err.code, err.extra);
  if (err instanceof HTTPException) {
    const res = err.getResponse();
    return answer(err.status, err.message || res.statusText || "Request failed");
  }
  const pgCode = (err as { code?: string } | null)?.code;
  if (pgCode && clientPgErrors[pgCode]) {
    const [status, message] = clientPgErrors[pgCode];
    return answer(status, message);
  }
  console.error("Unhandled error on", c.req.method, c.req.path, err);
  return answer(500, errorTexts.server_error);
}
