import { TIMINGS } from "@schema/constants.ts";
import { type ErrorCode, errorCodeOf, errorTexts } from "@schema/error-codes.ts";

/**
 * A failed API call. Screens decide on `code` (schema/error-codes.ts), never on the words.
 * `message` is the server's `message` field when it sent one, else the spec's generic form
 * "<status>: <body text or status text>".
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly body: unknown;
  /** The HTTP status text ("Service Unavailable"); empty over HTTP/2, which sends none. */
  readonly statusText: string;
  constructor(status: number, message: string, body: unknown, statusText = "") {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = errorCodeOf(status, body);
    this.body = body;
    this.statusText = statusText;
  }
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  /** Defaults to 10 s for GET (spec section 9) and none for writes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A timeout abort, told apart from a caller's own abort. */
export class ApiTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The request timed out after ${timeoutMs / 1000} seconds`);
    this.name = "ApiTimeoutError";
  }
}

/** A fetch: the browser's, or in tests the server app's `request`. Headers are a plain object. */
export type Fetch = (
  input: string,
  init: RequestInit & { headers: Record<string, string> },
) => Promise<Response> | Response;

/** What the server sent back, before anyone reads meaning into it. */
export interface RawAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

/**
 * The one way the PWA (screens and the sync engine alike) sends a request to the server: cookies,
 * JSON in, JSON asked for, an optional time limit. It throws what fetch throws (offline, timed out);
 * `api` turns answers into data or an ApiError, the engine's `createHttp` into status and body.
 */
export async function request(
  path: string,
  options: Omit<ApiOptions, "method"> & { method?: string; fetch?: Fetch } = {},
): Promise<RawAnswer> {
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined].filter(
    (s): s is AbortSignal => Boolean(s),
  );
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const res = await send(path, {
    method: options.method ?? "GET",
    credentials: "include",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: signals.length ? AbortSignal.any(signals) : undefined,
  });
  return { status: res.status, statusText: res.statusText, headers: res.headers, text: await res.text() };
}

/** The one way screens call the server: `request`, then the answer's data or one error shape. */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, options)).body;
}

/**
 * The server answered, but not with what the contract says (schema/): no screen or store gets it.
 * Parsing lives in api-parsed.ts, so this file (in the landing page's first load) needs no valibot.
 */
export class BadAnswerError extends Error {
  constructor(readonly path: string) {
    super(errorTexts.bad_answer);
    this.name = "BadAnswerError";
  }
}

/** `api` that also hands back the answer's headers (X-Total-Count of paged lists). */
export async function apiWithHeaders<T = unknown>(
  path: string,
  options: ApiOptions = {},
): Promise<{ body: T; headers: Headers }> {
  const timeoutMs = options.timeoutMs ?? ((options.method ?? "GET") === "GET" ? TIMINGS.fetchTimeoutMs : undefined);
  let answer: RawAnswer;
  try {
    answer = await request(path, { ...options, timeoutMs });
  } catch (err) {
    if (err instanceof DOMException && err.name === "TimeoutError" && timeoutMs) throw new ApiTimeoutError(timeoutMs);
    throw err;
  }
  const { status, statusText, headers, text } = answer;
  const body = parse(text);
  if (status < 200 || status > 299) {
    const serverMessage =
      body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string"
        ? (body as { message: string }).message
        : undefined;
    throw new ApiError(status, serverMessage ?? `${status}: ${text || statusText}`, body, statusText);
  }
  return { body: body as T, headers };
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The message to show for any thrown value, with the caller's fallback for non-API failures. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError || err instanceof ApiTimeoutError) return err.message || fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
