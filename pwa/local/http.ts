import { type ErrorCode, errorCodeOf } from "@schema/error-codes.ts";
import { messages } from "@schema/messages.ts";

/** The fetch the engine uses: the browser's, or in tests the server app's `request`. Headers are a plain object. */
export type SyncFetch = (
  input: string,
  init: RequestInit & { headers: Record<string, string> },
) => Promise<Response> | Response;

export interface Answer {
  status: number;
  body: any;
}

/** The request never got an answer (offline, DNS, time-out, a dropped connection). */
export class NetworkError extends Error {}

const TIMEOUT_MS = 30_000;

export function createHttp(fetch: SyncFetch, baseUrl = "") {
  return async function send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const init = {
      method,
      headers: { accept: "application/json", ...headers },
      credentials: "include" as const,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    } as RequestInit & { headers: Record<string, string> };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers["content-type"] = "application/json";
    }
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${baseUrl}${path}`, init);
      text = await res.text();
    } catch (err) {
      throw new NetworkError(err instanceof Error ? err.message : String(err));
    }
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { message: text };
    }
    return { status: res.status, body: parsed };
  };
}

export type Send = ReturnType<typeof createHttp>;

/** Why the server refused: the code the device decides on (schema/error-codes.ts), never the message. */
export const codeOf = (answer: Answer): ErrorCode => errorCodeOf(answer.status, answer.body);

/** The server's own words for a refusal, when it sent any. */
export const serverWords = (answer: Answer): string | undefined =>
  typeof answer.body?.message === "string" ? answer.body.message : undefined;

/** The server's message of an error answer, or the spec's generic text. */
export const messageOf = (answer: Answer) => serverWords(answer) ?? messages.generic.requestFailed(answer.status);
