import { GENDER_LABELS } from "@schema/constants.ts";
import type { SyncedTable } from "@schema/rows.ts";
import { formatDateTime } from "@/lib/dates.ts";
import type { OutboxEntry } from "@/local/index.ts";

type Format = "text" | "number" | "minutes" | "flag" | "time" | "gender" | "clinician";
interface FieldInfo {
  label: string;
  format?: Format;
}

/** The fields a clinician can change, in the words the screens use; anything else is not shown in a comparison. */
const FIELDS: Partial<Record<SyncedTable, Record<string, FieldInfo>>> = {
  homework: {
    fear: { label: "Fear" },
    exposurePractice: { label: "Exposure practice" },
    frequency: { label: "Frequency" },
    roundNumber: { label: "Rounds", format: "number" },
    roundDuration: { label: "Duration" },
    safetyBehavior: { label: "Safety behavior" },
  },
  patients: {
    first_name: { label: "First name" },
    last_name: { label: "Last name" },
    username: { label: "Username" },
    age: { label: "Age", format: "number" },
    gender: { label: "Gender", format: "gender" },
    clinician_id: { label: "Clinician", format: "clinician" },
  },
  conversation_summaries: {
    summary: { label: "Summary" },
    exposure_practice: { label: "Exposure practice" },
    targeted_fear: { label: "Targeted fear" },
    treatment_goal: { label: "Treatment goal" },
    safety_behaviors: { label: "Safety behaviors" },
    worst_case_outcome: { label: "Worst case outcome" },
    expected_peak_suds: { label: "Expected SUDS", format: "number" },
    actual_peak_suds: { label: "Actual SUDS", format: "number" },
    expected_round_number: { label: "Expected rounds", format: "number" },
    actual_round_number: { label: "Actual rounds", format: "number" },
    expected_round_duration: { label: "Expected duration", format: "minutes" },
    actual_average_duration: { label: "Actual duration", format: "minutes" },
    is_patient_override: { label: "Patient override", format: "flag" },
    is_adjusted_in_the_middle: { label: "Adjusted in the middle", format: "flag" },
    is_safetychecker: { label: "Safety risk", format: "flag" },
    is_completed: { label: "Completed", format: "flag" },
    is_patient_think_helpful: { label: "Found it helpful (0-5)", format: "number" },
    willingness_to_continue: { label: "Willingness to continue (0-5)", format: "number" },
    number_of_times_checking_in: { label: "Check-ins", format: "number" },
    started_at: { label: "Started", format: "time" },
    ended_at: { label: "Ended", format: "time" },
  },
};

export const BLANK = "(blank)";

/** Names of clinicians by id, to show a patient's clinician rather than an id. */
export type ClinicianNames = ReadonlyMap<string, string>;

function show(value: unknown, format: Format = "text", clinicians: ClinicianNames = new Map()): string {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return BLANK;
  switch (format) {
    case "flag":
      return value ? "Yes" : "No";
    case "minutes":
      return `${value} minute${value === 1 ? "" : "s"}`;
    case "time":
      return formatDateTime(value as string);
    case "gender":
      return GENDER_LABELS[value as keyof typeof GENDER_LABELS] ?? String(value);
    case "clinician":
      return clinicians.get(String(value)) ?? String(value);
    default:
      return String(value);
  }
}

export interface FieldChange {
  field: string;
  label: string;
  mine: string;
  theirs: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * The fields my change set that the server now holds differently, in the screen's order. Blank and
 * missing count as the same (the forms send "" for an empty optional field; the server stores null),
 * and a blank username in a patient edit means "keep it", so it is no change.
 */
export function changedFields(
  table: SyncedTable,
  mine: unknown,
  theirs: unknown,
  clinicians?: ClinicianNames,
): FieldChange[] {
  const fields = FIELDS[table] ?? {};
  if (!isObject(mine)) return [];
  const server = isObject(theirs) ? theirs : {};
  const changes: FieldChange[] = [];
  for (const [field, info] of Object.entries(fields)) {
    if (!(field in mine) || mine[field] === undefined) continue;
    if (table === "patients" && field === "username" && show(mine[field]) === BLANK) continue;
    const a = show(mine[field], info.format, clinicians);
    const b = show(server[field], info.format, clinicians);
    if (a !== b) changes.push({ field, label: info.label, mine: a, theirs: b });
  }
  return changes;
}

const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);

/**
 * What a change is about, as a clinician names it: "Homework for alex_k", "Patient alex_k",
 * "Summary for alex_k", "Prompt “Default”". `row` is the row as the device or server holds it,
 * `body` what the device sent (a new row exists only there).
 */
export function subjectOf(table: SyncedTable, row: unknown, body?: unknown): string {
  const r = isObject(row) ? row : {};
  const b = isObject(body) ? body : {};
  switch (table) {
    case "homework": {
      const patient = text(r.patientName) ?? text(b.patientName);
      return patient ? `Homework for ${patient}` : "Homework";
    }
    case "patients": {
      const name =
        text(r.username) ?? text(b.username) ?? [text(b.first_name), text(b.last_name)].filter(Boolean).join(" ");
      return name ? `Patient ${name}` : "Patient";
    }
    case "conversation_summaries": {
      const patient = text(r.patient_name) ?? text(b.patient_name);
      return patient ? `Summary for ${patient}` : "Conversation summary";
    }
    case "prompts":
      return text(r.title) ? `Prompt “${r.title}”` : "Prompt";
    default:
      return "Record";
  }
}

/**
 * One line per queued change: "New homework for alex_k", "Changes to patient alex_k", "Deleting …".
 * Decided on what the change does (its method and local op), never on its URL.
 */
export function actionOf({ method, op }: Pick<OutboxEntry, "method" | "op">, subject: string): string {
  const lower = lowerFirst(subject);
  if (op.kind === "flag") return `Making ${lower} the ${op.flag === "is_current" ? "current" : "test"} prompt`;
  if (op.kind === "update" && "safety_reviewed_at" in op.fields) return `Marking the safety flag of ${lower} reviewed`;
  if (method === "POST") return `New ${lower}`;
  if (method === "DELETE") return `Deleting ${lower}`;
  return `Changes to ${lower}`;
}

/** The conflict in one sentence: "Homework for alex_k: you changed exposure practice to “A”, someone else changed it to “B”." */
export function conflictSentence(subject: string, changes: FieldChange[]): string {
  if (changes.length === 0) return `${subject}: you and someone else made the same change.`;
  if (changes.length === 1) {
    const [c] = changes;
    return `${subject}: you changed ${lowerFirst(c.label)} to “${c.mine}”, someone else changed it to “${c.theirs}”.`;
  }
  const labels = changes.map((c) => lowerFirst(c.label));
  const list = `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
  return `${subject}: you and someone else both changed ${list}.`;
}
