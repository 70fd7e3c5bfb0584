import * as v from "valibot";
import { GENDERS } from "./constants.ts";

/**
 * The rows as the API answers them and as devices store them (the wire form).
 * REST answers, the sync pull and the device store all use these shapes.
 * Times are ISO strings; `version` rises by one per change.
 */
const synced = {
  id: v.string(),
  version: v.number(),
  updated_at: v.string(),
};

const PatientRow = v.object({
  ...synced,
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  age: v.number(),
  gender: v.picklist(GENDERS),
  clinician_id: v.nullable(v.string()),
  clinician_name: v.nullable(v.string()),
  created_at: v.string(),
});
export type Patient = v.InferOutput<typeof PatientRow>;

/** Homework keeps the spec's camelCase on the wire, including its spelling clinitianId. */
const HomeworkRow = v.object({
  ...synced,
  patientName: v.string(),
  clinitianId: v.nullable(v.string()),
  fear: v.string(),
  exposurePractice: v.string(),
  frequency: v.string(),
  roundNumber: v.number(),
  roundDuration: v.string(),
  safetyBehavior: v.nullable(v.string()),
  created_at: v.string(),
});
export type Homework = v.InferOutput<typeof HomeworkRow>;

const MessageRow = v.object({
  ...synced,
  conversation_id: v.string(),
  patient_name: v.string(),
  prompt_id: v.nullable(v.string()),
  data_type: v.picklist(["user", "agent"]),
  serial_num: v.number(),
  data: v.nullable(v.string()),
  timestamp: v.string(),
  /**
   * Only in an admin's pull: the message is older than the admin window (ADMIN_MESSAGE_WINDOW_DAYS)
   * and comes without its text (data null); GET /api/conversations/{id}/messages has it.
   */
  held_back: v.optional(v.literal(true)),
});
/** GET /api/conversations/{id}/messages: a conversation's messages, oldest first. */
export const ConversationMessages = v.array(MessageRow);
export type Message = v.InferOutput<typeof MessageRow>;

export const PromptRow = v.object({
  ...synced,
  title: v.string(),
  owner: v.string(),
  prompt: v.string(),
  created_at: v.string(),
  is_current: v.boolean(),
  is_test: v.boolean(),
  conversation_id_list: v.nullable(v.array(v.string())),
});
export type Prompt = v.InferOutput<typeof PromptRow>;

/** A conversation summary; its id is its conversation's id. Durations are minutes. */
export const SummaryRow = v.object({
  ...synced,
  patient_name: v.nullable(v.string()),
  summary: v.nullable(v.string()),
  exposure_practice: v.nullable(v.string()),
  targeted_fear: v.nullable(v.string()),
  treatment_goal: v.nullable(v.string()),
  safety_behaviors: v.nullable(v.string()),
  worst_case_outcome: v.nullable(v.string()),
  expected_peak_suds: v.nullable(v.number()),
  actual_peak_suds: v.nullable(v.number()),
  expected_round_number: v.nullable(v.number()),
  actual_round_number: v.nullable(v.number()),
  expected_round_duration: v.nullable(v.number()),
  actual_average_duration: v.nullable(v.number()),
  is_patient_override: v.boolean(),
  is_adjusted_in_the_middle: v.boolean(),
  is_safetychecker: v.boolean(),
  is_completed: v.boolean(),
  is_patient_think_helpful: v.nullable(v.number()),
  willingness_to_continue: v.nullable(v.number()),
  number_of_times_checking_in: v.nullable(v.number()),
  started_at: v.nullable(v.string()),
  ended_at: v.nullable(v.string()),
  created_at: v.string(),
  /**
   * When a clinician marked the safety flag reviewed, who (user id) and their name as it was then
   * (null: not reviewed, or an account without names). Marking it reviewed is not an edit: the
   * version stays, so an edit waiting elsewhere with If-Match still applies.
   */
  safety_reviewed_at: v.nullable(v.string()),
  safety_reviewed_by: v.nullable(v.string()),
  safety_reviewed_by_name: v.nullable(v.string()),
});
export type Summary = v.InferOutput<typeof SummaryRow>;

/**
 * Issue 16's "safety risk not yet reviewed": the summary has the safety flag and no clinician has
 * marked it reviewed (a row a device stored before reviews existed has no review field: unreviewed).
 */
export const unreviewedSafetyFlag = (s: Pick<Summary, "is_safetychecker" | "safety_reviewed_at">): boolean =>
  s.is_safetychecker && !s.safety_reviewed_at;

/**
 * What every signed-in user may know of a staff member (GET /api/users, sync): no e-mail,
 * which is a sign-in name; admins read e-mails from GET /api/admin/users.
 */
const ClinicianRow = v.object({
  ...synced,
  first_name: v.string(),
  last_name: v.string(),
  role: v.picklist(["admin", "clinician"]),
});
export type Clinician = v.InferOutput<typeof ClinicianRow>;

/** The signed-in user (GET /api/user). */
export const CurrentUser = v.object({
  id: v.string(),
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  role: v.picklist(["admin", "clinician"]),
  must_change_password: v.boolean(),
});
export type CurrentUser = v.InferOutput<typeof CurrentUser>;

/** POST /api/login's answer: the user, and how many failed sign-ins their account had since the last one. */
export const LoginAnswer = v.object({
  ...CurrentUser.entries,
  failed_attempts_since_last_login: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type LoginAnswer = v.InferOutput<typeof LoginAnswer>;

/** The synced tables, as named in the pull's `changes` and `removed`. */
export const SYNCED_TABLES = [
  "patients",
  "homework",
  "conversation_messages",
  "conversation_summaries",
  "prompts",
  "clinicians",
] as const;
export type SyncedTable = (typeof SYNCED_TABLES)[number];

/** The order of a first sync: the caseload with its homework and safety flags, then conversations. */
export const FIRST_SYNC_ORDER = [
  "patients",
  "homework",
  "conversation_summaries",
  "prompts",
  "clinicians",
  "conversation_messages",
] as const satisfies readonly SyncedTable[];

/** Each synced table's row schema: what the device accepts into that table. */
export const ROW_SCHEMAS = {
  patients: PatientRow,
  homework: HomeworkRow,
  conversation_messages: MessageRow,
  conversation_summaries: SummaryRow,
  prompts: PromptRow,
  clinicians: ClinicianRow,
} as const satisfies Record<SyncedTable, v.GenericSchema>;

/** Only during a first sync (no cursor yet): the table downloading, its rows done of total, and rows left in all. */
export const PullProgress = v.object({
  table: v.picklist(SYNCED_TABLES),
  done: v.number(),
  total: v.number(),
  remaining: v.number(),
});
export type PullProgress = v.InferOutput<typeof PullProgress>;

const ids = v.optional(v.array(v.string()));

/**
 * A conversation a bulk delete emptied: the device drops its messages but `kept`, those the server
 * still has (a delete of test data may leave some). One of these stands for up to hundreds of ids.
 */
export const RemovedConversation = v.object({ id: v.string(), kept: v.array(v.string()) });
export type RemovedConversation = v.InferOutput<typeof RemovedConversation>;

/**
 * The pull's query parameter by which a device says it applies `removedConversations`. A pull
 * without it that would have to send one is refused (400), so an older device starts over rather
 * than keep messages that were deleted.
 */
export const REMOVED_CONVERSATIONS_PARAM = "removedConversations";

/**
 * One page of GET /api/sync/pull. The device parses every page with this before it stores
 * anything, so a malformed answer is an error the sync status shows, never a corrupt store.
 */
export const PullPage = v.object({
  cursor: v.string(),
  hasMore: v.boolean(),
  changes: v.object({
    patients: v.optional(v.array(PatientRow)),
    homework: v.optional(v.array(HomeworkRow)),
    conversation_messages: v.optional(v.array(MessageRow)),
    conversation_summaries: v.optional(v.array(SummaryRow)),
    prompts: v.optional(v.array(PromptRow)),
    clinicians: v.optional(v.array(ClinicianRow)),
  }),
  removed: v.object({
    patients: ids,
    homework: ids,
    conversation_messages: ids,
    conversation_summaries: ids,
    prompts: ids,
    clinicians: ids,
  }),
  removedConversations: v.optional(v.array(RemovedConversation)),
  progress: v.optional(PullProgress),
});
export type PullResponse = v.InferOutput<typeof PullPage>;
