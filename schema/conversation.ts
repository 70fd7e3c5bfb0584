import * as v from "valibot";

/**
 * Requests about conversations: the Chat History filters and the AI agent's
 * message intake. The server validates with these; the PWA reuses them.
 */
export const conversationMessages = {
  dateInvalid: "Dates must be valid ISO dates",
  limitInvalid: "limit must be a whole number of 1 or more",
  unknownPatient: (name: string) => `Unknown patient: ${name}`,
  unknownPrompt: (id: string) => `Unknown prompt: ${id}`,
  unknownConversation: "Conversation not found",
  batchEmpty: "Send at least one message",
  batchTooLarge: (max: number) => `Send at most ${max} messages at once`,
  conversationId: "conversation_id is required",
  patientName: "patient_name is required",
  promptId: "prompt_id must be a string or null",
  dataType: "data_type must be user or agent",
  serialNum: "serial_num must be a whole number of 0 or more",
  data: "data must be a string or null",
  timestamp: "timestamp must be a valid ISO date",
  aheadOfServer: (field: string) => `${field} must not be more than one day ahead of the server's clock`,
  dryRunInvalid: "dryRun must be true or false",
  patientNamedLikeBulkDelete: (name: string) =>
    `A patient is named ${name}, which is also a Data Management bulk delete: rename that patient first`,
} as const;

const m = conversationMessages;

const CONVERSATION_LIMIT = { default: 5000, max: 20_000 } as const;
const AGENT_BATCH_MAX = 1000;
/** How far ahead of the server's clock an agent's time may be: a wrong clock, not a date in the future. */
export const AGENT_CLOCK_AHEAD_MS = 24 * 60 * 60 * 1000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/i;

/** A date in ISO 8601 form ("2025-01-05" or "2025-01-05T00:00:00.000Z"), read as a Date. */
export const isoDate = (message: string = m.dateInvalid) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.regex(ISO_DATE, message),
    v.check((s) => !Number.isNaN(Date.parse(s)), message),
    v.transform((s) => new Date(s)),
  );

const optionalText = (max = 500) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)));

/** GET /api/conversations query: every filter optional; an empty value means no filter. */
export const ConversationQuery = v.object({
  search: optionalText(),
  conversationId: optionalText(),
  patientName: optionalText(),
  startDate: v.optional(isoDate()),
  endDate: v.optional(isoDate()),
  limit: v.optional(
    v.pipe(
      v.string(m.limitInvalid),
      v.regex(/^\d+$/, m.limitInvalid),
      v.transform(Number),
      v.minValue(1, m.limitInvalid),
      v.transform((n) => Math.min(n, CONVERSATION_LIMIT.max)),
    ),
    String(CONVERSATION_LIMIT.default),
  ),
});
export type ConversationQuery = v.InferOutput<typeof ConversationQuery>;

/** Date range of a patient's conversation list. */
export const DateRangeQuery = v.object({
  startDate: v.optional(isoDate()),
  endDate: v.optional(isoDate()),
});

export const DryRunQuery = v.object({
  dryRun: v.optional(v.picklist(["true", "false", "1", "0"], m.dryRunInvalid), "false"),
});

/** One conversation of a patient, as the Chat History's conversation list shows it. */
export const ConversationListItem = v.object({
  conversation_id: v.string(),
  created_at: v.string(),
  message_count: v.number(),
});
export type ConversationListItem = v.InferOutput<typeof ConversationListItem>;

/**
 * valibot's issue for a missing key names only the key; a missing field should get
 * the same message as a wrong one, so it falls back to a value that fails the field.
 */
const required = <S extends v.GenericSchema>(schema: S, failing: unknown) => v.optional(schema, failing as never);

/** One message as the AI agent sends it. */
export const AgentMessage = v.object({
  conversation_id: required(
    v.pipe(v.string(m.conversationId), v.trim(), v.nonEmpty(m.conversationId), v.maxLength(200, m.conversationId)),
    "",
  ),
  patient_name: required(
    v.pipe(v.string(m.patientName), v.trim(), v.nonEmpty(m.patientName), v.maxLength(200, m.patientName)),
    "",
  ),
  prompt_id: v.optional(v.nullable(v.pipe(v.string(m.promptId), v.maxLength(200, m.promptId))), null),
  data_type: required(v.picklist(["user", "agent"], m.dataType), ""),
  serial_num: required(
    v.pipe(
      v.number(m.serialNum),
      v.integer(m.serialNum),
      v.minValue(0, m.serialNum),
      v.maxValue(2 ** 31 - 1, m.serialNum),
    ),
    Number.NaN,
  ),
  data: v.optional(v.nullable(v.string(m.data)), null),
  timestamp: required(isoDate(m.timestamp), ""),
});
export type AgentMessage = v.InferOutput<typeof AgentMessage>;

/** POST /api/agent/messages: a batch of up to AGENT_BATCH_MAX (a single message is a batch of one). */
export const AgentMessageBatch = v.pipe(
  v.array(AgentMessage, m.batchEmpty),
  v.minLength(1, m.batchEmpty),
  v.maxLength(AGENT_BATCH_MAX, m.batchTooLarge(AGENT_BATCH_MAX)),
);

export const agentKeyMessages = {
  name: "Name is required (at most 100 characters)",
  notFound: "Agent key not found",
  kind: "kind must be current or test",
  noPrompt: (kind: string) => `No prompt is marked ${kind}`,
  emptySummary: "Send at least one summary field to store",
} as const;

/** POST /api/admin/agent-keys. */
export const AgentKeyCreate = v.object({
  name: v.pipe(
    v.string(agentKeyMessages.name),
    v.trim(),
    v.nonEmpty(agentKeyMessages.name),
    v.maxLength(100, agentKeyMessages.name),
  ),
});

/** GET /api/agent/prompt: which prompt the agent should run. */
export const AgentPromptQuery = v.object({
  kind: v.optional(v.picklist(["current", "test"], agentKeyMessages.kind), "current"),
});
