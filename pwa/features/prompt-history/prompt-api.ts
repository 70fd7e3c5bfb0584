import { TIMINGS } from "@schema/constants.ts";
import type { PromptForm } from "@schema/prompt.ts";
import type { Prompt } from "@schema/rows.ts";
import { api } from "@/lib/api.ts";

export type PromptValues = Omit<PromptForm, "id">;

/** A new prompt, always: the spec's `prompt-{timestamp}` id, marked test by the server. */
export function createPrompt(values: PromptValues, timeoutMs: number = TIMINGS.promptCreateTimeoutMs) {
  return api<Prompt>("/api/prompt-history", {
    method: "POST",
    body: { id: `prompt-${Date.now()}`, ...values, is_test: true },
    timeoutMs,
  });
}

export function deletePrompt(id: string) {
  return api<{ id: string }>(`/api/prompt-history/${encodeURIComponent(id)}`, { method: "DELETE" });
}
