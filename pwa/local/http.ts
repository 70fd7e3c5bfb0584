import { type ErrorCode, errorCodeOf } from "@schema/error-codes.ts";
import { type Fetch, type RawAnswer, request } from "@/lib/api.ts";

/** The fetch the engine uses: the browser's, or in tests the server app's `request`. */
export type SyncFetch = Fetch;

export interface Answer {
  status: number;
  body: any;
}

/** The request never got an answer (offline, DNS, time-out, a dropped connection). */
export class NetworkError extends Error {}

const TIMEOUT_MS = 30_000;

/** The engine's side of the one API client (lib/api.ts `request`): every answer as status and body, never thrown. */
export function createHttp(fetch: SyncFetch, baseUrl = "") {
  return async function send(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    let answer: RawAnswer;
    try {
      answer = await request(`${baseUrl}${path}`, { method, body, headers, timeoutMs: TIMEOUT_MS, fetch });
    } catch (err) {
      throw new NetworkError(err instanceof Error ? err.message : String(err));
    }
    let parsed: unknown = null;
    try {
      parsed = answer.text ? JSON.parse(answer.text) : null;
    } catch {
      // Not JSON (a proxy's error page): its words are still the message.
      parsed = { message: answer.text };
    }
    return { status: answer.status, body: parsed };
  };
}

export type Send = ReturnType<typeof createHttp>;

/** Why the server refused: the code the device decides on (schema/error-codes.ts), never the message. */
export const codeOf = (answer: Answer): ErrorCode => errorCodeOf(answer.status, answer.body);

/** The server's own words for a refusal, when it sent any. */
export const serverWords = (answer: Answer): string | undefined =>
  typeof answer.body?.message === "string" ? answer.body.message : undefined;
