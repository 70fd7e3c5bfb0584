import { PROMPT_LIMITS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { ApiError, ApiTimeoutError } from "@/lib/api.ts";
import { formatCount } from "@/lib/numbers.ts";

export interface Banner {
  tone: "success" | "error";
  message: string;
  /** The server's own words, when it sent any beyond the status. */
  detail?: string;
}

export const savedBanner = (id: string): Banner => ({ tone: "success", message: `Prompt saved with ID: ${id}` });

/**
 * Spec section 8, Prompt create: the server failed (its 500, code server_error), the 5-second timeout,
 * any other refusal, and no answer at all. Decided on the error's code, never on its status or words.
 */
export function failureBanner(err: unknown): Banner {
  if (err instanceof ApiTimeoutError) return { tone: "error", message: messages.prompts.dbTimeout };
  if (err instanceof ApiError) {
    if (err.code === "server_error") return { tone: "error", message: messages.prompts.dbFailed };
    const said = err.body && typeof err.body === "object" && "message" in err.body ? err.message : undefined;
    return { tone: "error", message: messages.prompts.saveFailed, detail: said };
  }
  return { tone: "error", message: messages.prompts.submitFailed };
}

/** "1,234 / 20,000" under the content. */
export function characterCount(content: string): string {
  return `${formatCount(content.length)} / ${formatCount(PROMPT_LIMITS.promptMax)}`;
}
