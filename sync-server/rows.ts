import type { Clinician, Homework, Message, Patient, Prompt, Summary } from "../schema/rows.ts";

/**
 * Database rows → the wire form of schema/rows.ts. Every route and the sync
 * pull answer through these, so a row looks the same wherever it comes from.
 */
type DbRow = Record<string, any>;

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));
const isoOrNull = (value: unknown): string | null => (value == null ? null : iso(value));
const numOrNull = (value: unknown): number | null => (value == null ? null : Number(value));

export const toPatient = (r: DbRow): Patient => ({
  id: r.id,
  version: r.version,
  updated_at: iso(r.updated_at),
  username: r.username,
  first_name: r.first_name,
  last_name: r.last_name,
  age: r.age,
  gender: r.gender,
  clinician_id: r.clinician_id ?? null,
  clinician_name: r.clinician_name ?? null,
  created_at: iso(r.created_at),
});

export const toHomework = (r: DbRow): Homework => ({
  id: r.id,
  version: r.version,
  updated_at: iso(r.updated_at),
  patientName: r.patient_name,
  clinitianId: r.clinician_id ?? null,
  fear: r.fear,
  exposurePractice: r.exposure_practice,
  frequency: r.frequency,
  roundNumber: r.round_number,
  roundDuration: r.round_duration,
  safetyBehavior: r.safety_behavior ?? null,
  created_at: iso(r.created_at),
});

export const toMessage = (r: DbRow): Message => ({
  id: r.id,
  version: r.version,
  updated_at: iso(r.updated_at),
  conversation_id: r.conversation_id,
  patient_name: r.patient_name,
  prompt_id: r.prompt_id ?? null,
  data_type: r.data_type,
  serial_num: r.serial_num,
  data: r.data ?? null,
  timestamp: iso(r.timestamp),
});

export const toPrompt = (r: DbRow): Prompt => ({
  id: r.id,
  version: r.version,
  updated_at: iso(r.updated_at),
  title: r.title,
  owner: r.owner,
  prompt: r.prompt,
  created_at: iso(r.created_at),
  is_current: r.is_current,
  is_test: r.is_test,
  conversation_id_list: r.conversation_id_list ?? null,
});

export const toSummary = (r: DbRow): Summary => ({
  id: r.id,
  version: r.version,
  updated_at: iso(r.updated_at),
  patient_name: r.patient_name ?? null,
  summary: r.summary ?? null,
  exposure_practice: r.exposure_practice ?? null,
  targeted_fear: r.targeted_fear ?? null,
  treatment_goal: r.treatment_goal ?? null,
  safety_behaviors: r.safety_behaviors ?? null,
  worst_case_outcome: r.worst_case_outcome ?? null,
  expected_peak_suds: numOrNull(r.expected_peak_suds),
  actual_peak_suds: numOrNull(r.actual_peak_suds),
  expected_round_number: numOrNull(r.expected_round_number),
  actual_round_number: numOrNull(r.actual_round_number),
  expected_round_duration: numOrNull(r.expected_round_duration),
  actual_average_duration: numOrNull(r.actual_average_duration),
  is_patient_override: r.is_patient_override,
  is_adjusted_in_the_middle: r.is_adjusted_in_the_middle,
  is_safetychecker: r.is_safetychecker,
  is_completed: r.is_completed,
  is_patient_think_helpful: numOrNull(r.is_patient_think_helpful),
  willingness_to_continue: numOrNull(r.willingness_to_continue),
  number_of_times_checking_in: numOrNull(r.number_of_times_checking_in),
  started_at: isoOrNull(r.started_at),
  ended_at: isoOrNull(r.ended_at),
  created_at: iso(r.created_at),
  safety_reviewed_at: isoOrNull(r.safety_reviewed_at),
  safety_reviewed_by: r.safety_reviewed_by ?? null,
  safety_reviewed_by_name: r.safety_reviewed_by_name ?? null,
});

export const toClinician = (r: DbRow): Clinician => ({
  id: r.id,
  version: r.version,
  updated_at: iso(r.updated_at),
  first_name: r.first_name,
  last_name: r.last_name,
  role: r.role,
});
