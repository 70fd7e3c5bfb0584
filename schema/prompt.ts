import * as v from "valibot";
import { PROMPT_LIMITS } from "./constants.ts";
import { messages } from "./messages.ts";

/**
 * The prompt form (Create Prompt page, Save as New Prompt) and the body of
 * POST /api/prompt-history. No I/O: the PWA validates with the same rules and
 * messages the server enforces. The title's minimum is 5 while its message
 * says 4: the spec keeps that mismatch on purpose.
 */
const m = messages.validation;

const PromptTitle = v.pipe(
  v.string(m.promptTitleMin),
  v.trim(),
  v.minLength(PROMPT_LIMITS.titleMin, m.promptTitleMin),
  v.maxLength(PROMPT_LIMITS.titleMax, m.promptTitleMax),
);

const PromptOwner = v.pipe(v.string(m.promptOwner), v.trim(), v.minLength(1, m.promptOwner));

/** The content is kept as typed; only its length (ignoring surrounding blanks for the minimum) is checked. */
const PromptContent = v.pipe(
  v.string(m.promptMin),
  v.check((text) => text.trim().length >= PROMPT_LIMITS.promptMin, m.promptMin),
  v.maxLength(PROMPT_LIMITS.promptMax, m.promptMax),
);

const PromptId = v.pipe(
  v.string(m.promptIdRequired),
  v.trim(),
  v.minLength(1, m.promptIdRequired),
  v.maxLength(200, m.promptIdTooLong),
);

/** In a request body a missing field reads as empty, so it gets the field's own message, not a generic one. */
const required = <S extends v.GenericSchema<string, string>>(message: string, schema: S) =>
  v.pipe(v.optional(v.string(message), ""), schema);

/** What the form holds; the form fills `id` with `prompt-{timestamp}` and `owner` with the user's first name. */
export const PromptForm = v.object({
  id: PromptId,
  title: PromptTitle,
  owner: PromptOwner,
  prompt: PromptContent,
});
export type PromptForm = v.InferOutput<typeof PromptForm>;

/**
 * POST /api/prompt-history. `id` may be left out (the server picks `prompt-{timestamp}`);
 * `is_test` and `created_at` are accepted for the spec's callers but the server decides
 * both: a new prompt is always the test prompt, stamped with the server's time.
 */
export const CreatePromptBody = v.object({
  id: v.optional(v.nullable(PromptId)),
  title: required(m.promptTitleMin, PromptTitle),
  owner: required(m.promptOwner, PromptOwner),
  prompt: required(m.promptMin, PromptContent),
  is_test: v.optional(v.nullable(v.boolean())),
  created_at: v.optional(v.nullable(v.string())),
});
export type CreatePromptBody = v.InferOutput<typeof CreatePromptBody>;

/** POST /api/prompt-history/set-current and /set-test. */
export const PromptMarkBody = v.object({
  promptId: required(m.promptIdRequired, PromptId),
});
export type PromptMarkBody = v.InferOutput<typeof PromptMarkBody>;
