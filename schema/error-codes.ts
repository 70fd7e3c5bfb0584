import * as v from "valibot";

/**
 * Why the server refused a request: the `code` of every /api error body. Clients decide on the
 * code, never on the message, whose words may change; the message is for people.
 */
export const ERROR_CODES = [
  /** 400: bad input; `issues` names the fields. */
  "validation",
  /** 401: not signed in, or no valid agent key. */
  "unauthorized",
  /** 401 at sign-in: wrong e-mail or password. */
  "invalid_credentials",
  /** 401 at sign-in: the one-time password is older than 24 hours. */
  "password_expired",
  /** 403: the role or the owner does not allow it, or a cross-site request. */
  "forbidden",
  /** 403: a one-time password was used; only the password change is allowed. */
  "must_change_password",
  /** 404: no such thing, or another clinician's. */
  "not_found",
  /** 409: the change collides with what is stored (a taken name, the last admin, …). */
  "conflict",
  /** 409: If-Match named an older version; the body carries `current`. */
  "version_conflict",
  /** 409: the same Idempotency-Key is still being handled: ask again later. */
  "idempotency_in_progress",
  /** 422: this Idempotency-Key was used for a different request. */
  "idempotency_key_reused",
  /** 413: the body is over the limit. */
  "payload_too_large",
  /** 429: too many attempts; the body may carry `retryAfter` (seconds). */
  "rate_limited",
  /** 500: the server failed; the request may be retried. */
  "server_error",
] as const;
export const ErrorCode = v.picklist(ERROR_CODES);
export type ErrorCode = v.InferOutput<typeof ErrorCode>;

/** The contract's error body; some carry more (`current`, `retryAfter`, `must_change_password`). */
export const ErrorBody = v.looseObject({
  message: v.string(),
  code: ErrorCode,
  issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** The code a status means when nothing narrower was said (a proxy's answer, an older server). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "validation";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 429:
      return "rate_limited";
    default:
      return status >= 500 ? "server_error" : "validation";
  }
}

/** The code of an error answer: the body's own when it names a known one, else what its status means. */
export function errorCodeOf(status: number, body: unknown): ErrorCode {
  const code = (body as { code?: unknown } | null)?.code;
  // Without valibot at run time: the landing page's first load uses this and carries no schema library.
  return (ERROR_CODES as readonly unknown[]).includes(code) ? (code as ErrorCode) : codeForStatus(status);
}

/**
 * Why the device could not sync, beyond the server's codes: the request got no answer, the server
 * is busy or failing, or its answer was not one this app can read.
 */
export type DeviceErrorCode = "offline" | "server_unavailable" | "bad_answer";

/**
 * The words for each code, in one table: what the device says when the server said nothing better,
 * and the server's default message for a refusal that names no narrower reason.
 */
export const errorTexts: Record<ErrorCode | DeviceErrorCode, string> = {
  validation: "The request is not valid.",
  unauthorized: "You are not signed in. Please sign in and try again.",
  invalid_credentials: "Incorrect email or password.",
  password_expired:
    "This one-time password has expired. Ask an administrator to reset your password, then sign in with the new one.",
  forbidden: "You do not have permission to do this",
  must_change_password: "You must change your password before continuing.",
  not_found: "Not found",
  conflict: "This change conflicts with what is stored on the server.",
  version_conflict: "This record was changed by someone else. Review both versions and choose which to keep.",
  idempotency_in_progress: "A request with this Idempotency-Key is still in progress",
  idempotency_key_reused: "This Idempotency-Key was already used for a different request",
  payload_too_large: "The request body is too large",
  rate_limited: "Too many requests. Please try again later.",
  server_error: "Something went wrong on the server. Please try again.",
  offline: "You are offline. Changes are saved on this device and will be sent when you reconnect.",
  server_unavailable:
    "The server is not accepting changes right now. They are saved on this device and will be retried.",
  bad_answer: "The server sent an answer this app cannot read. Nothing on this device was changed; it will try again.",
};
