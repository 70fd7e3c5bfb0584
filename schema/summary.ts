import * as v from "valibot";
import { isoDate } from "./conversation.ts";
import { queryWholeNumber } from "./query.ts";

/**
 * Request bodies of conversation summaries, snake_case as on the wire. A
 * summary's id is its conversation's id. SUDS, rounds, ratings and check-ins
 * are integers, durations minutes, flags booleans, times ISO. The server
 * validates with these; the PWA's summary form reuses them.
 */
export const summaryMessages = {
  limitInvalid: "limit must be a whole number from 1 to 5000",
  offsetInvalid: "offset must be a whole number of 0 or more",
  idRequired: "id (the conversation's id) is required",
  exists: "A summary for this conversation already exists",
  notFlagged: "This summary has no safety flag to mark reviewed",
  noPatient: "patient_name is required: the conversation has no messages yet",
  otherPatient: "patient_name must be the patient of the conversation",
  // One answer for "no such conversation" and "another clinician's patient's": neither is told apart.
  noConversation:
    "Conversation not found: a summary can only be added to a conversation of your patients that has messages",
  text: (field: string) => `${field} must be text of at most 20000 characters`,
  integer: (field: string, min: number, max?: number) =>
    max === undefined
      ? `${field} must be a whole number of ${min} or more`
      : `${field} must be a whole number from ${min} to ${max}`,
  minutes: (field: string) => `${field} must be a number of minutes, 0 or more`,
  flag: (field: string) => `${field} must be true or false`,
  date: (field: string) => `${field} must be a valid ISO date`,
} as const;

const m = summaryMessages;

const text = (field: string) =>
  v.optional(v.nullable(v.pipe(v.string(m.text(field)), v.maxLength(20_000, m.text(field)))));
const integer = (field: string, min: number, max?: number) => {
  const message = m.integer(field, min, max);
  return v.optional(
    v.nullable(
      v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max ?? 2 ** 31 - 1, message)),
    ),
  );
};
const minutes = (field: string) =>
  v.optional(
    v.nullable(v.pipe(v.number(m.minutes(field)), v.finite(m.minutes(field)), v.minValue(0, m.minutes(field)))),
  );
const flag = (field: string) => v.optional(v.boolean(m.flag(field)));
const time = (field: string) => v.optional(v.nullable(isoDate(m.date(field))));

/** Every stored field but the id; each optional, so the same entries serve create, patch and upsert. */
const summaryFields = {
  patient_name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200))),
  summary: text("summary"),
  exposure_practice: text("exposure_practice"),
  targeted_fear: text("targeted_fear"),
  treatment_goal: text("treatment_goal"),
  safety_behaviors: text("safety_behaviors"),
  worst_case_outcome: text("worst_case_outcome"),
  expected_peak_suds: integer("expected_peak_suds", 0, 100),
  actual_peak_suds: integer("actual_peak_suds", 0, 100),
  expected_round_number: integer("expected_round_number", 0),
  actual_round_number: integer("actual_round_number", 0),
  expected_round_duration: minutes("expected_round_duration"),
  actual_average_duration: minutes("actual_average_duration"),
  is_patient_override: flag("is_patient_override"),
  is_adjusted_in_the_middle: flag("is_adjusted_in_the_middle"),
  is_safetychecker: flag("is_safetychecker"),
  is_completed: flag("is_completed"),
  is_patient_think_helpful: integer("is_patient_think_helpful", 0, 5),
  willingness_to_continue: integer("willingness_to_continue", 0, 5),
  number_of_times_checking_in: integer("number_of_times_checking_in", 0),
  started_at: time("started_at"),
  ended_at: time("ended_at"),
};

/** POST /api/conversation-summaries. */
export const SummaryCreate = v.object({
  // A missing id gets the same message as a blank one (valibot's own would name the key only).
  id: v.optional(
    v.pipe(v.string(m.idRequired), v.trim(), v.nonEmpty(m.idRequired), v.maxLength(200, m.idRequired)),
    "",
  ),
  ...summaryFields,
});
export type SummaryCreate = v.InferOutput<typeof SummaryCreate>;

/** PATCH /api/conversation-summaries/{id} and the agent's PUT: only the fields sent change. */
export const SummaryChanges = v.object(summaryFields);
export type SummaryChanges = v.InferOutput<typeof SummaryChanges>;

/**
 * POST /api/conversation-summaries/{id}/safety-review: no fields (the server knows who and when), so
 * an empty body or a JSON object; anything else (an array, a number) is a 400.
 */
export const SafetyReview = v.custom<Record<string, unknown>>(
  (input) => typeof input === "object" && input !== null && !Array.isArray(input),
  "The body must be empty or a JSON object",
);

/** GET /api/conversation-summaries: without limit, every summary (the spec's list); with it, one page. */
export const SummaryListQuery = v.object({
  limit: v.optional(queryWholeNumber(summaryMessages.limitInvalid, 1, 5000)),
  offset: v.optional(queryWholeNumber(summaryMessages.offsetInvalid, 0, 1e9), "0"),
});
