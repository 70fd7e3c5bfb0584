import type { Clinician, CurrentUser, Homework, Message, Patient, Summary } from "@schema/rows.ts";

/** Wire rows for component tests: sensible values, override what the test is about. */
const synced = (id: string) => ({ id, version: 1, updated_at: "2025-01-05T13:04:05.000Z" });

export const userOf = (role: CurrentUser["role"], overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: role === "admin" ? "00000000-0000-4000-8000-00000000000a" : "00000000-0000-4000-8000-00000000000c",
  username: `${role}@stepwise.test`,
  first_name: role === "admin" ? "Ada" : "Cleo",
  last_name: role === "admin" ? "Admin" : "Clinician",
  role,
  must_change_password: false,
  ...overrides,
});

export const clinicianRow = (user: CurrentUser): Clinician => ({
  ...synced(user.id),
  first_name: user.first_name,
  last_name: user.last_name,
  role: user.role,
});

export const patientRow = (overrides: Partial<Patient> & { id: string; username: string }): Patient => ({
  ...synced(overrides.id),
  first_name: "Sam",
  last_name: "Sample",
  age: 15,
  gender: "male",
  clinician_id: null,
  clinician_name: null,
  created_at: "2025-01-05T13:04:05.000Z",
  ...overrides,
});

export const homeworkRow = (overrides: Partial<Homework> & { id: string; patientName: string }): Homework => ({
  ...synced(overrides.id),
  clinitianId: null,
  fear: "Being judged",
  exposurePractice: "Order food at a counter",
  frequency: "once a week",
  roundNumber: 1,
  roundDuration: "15 minutes",
  safetyBehavior: null,
  created_at: "2025-01-05T13:04:05.000Z",
  ...overrides,
});

export const summaryRow = (overrides: Partial<Summary> & { id: string }): Summary => ({
  ...synced(overrides.id),
  patient_name: "sample_patient_1",
  summary: "The patient practised ordering food and stayed for all rounds.",
  exposure_practice: "Order food at a counter",
  targeted_fear: "Being judged",
  treatment_goal: "Eat out with friends",
  safety_behaviors: null,
  worst_case_outcome: null,
  expected_peak_suds: 70,
  actual_peak_suds: 50,
  expected_round_number: 3,
  actual_round_number: 3,
  expected_round_duration: 15,
  actual_average_duration: 14,
  is_patient_override: false,
  is_adjusted_in_the_middle: false,
  is_safetychecker: false,
  is_completed: true,
  is_patient_think_helpful: 4,
  willingness_to_continue: 5,
  number_of_times_checking_in: 1,
  started_at: "2025-01-05T13:04:05.000Z",
  ended_at: "2025-01-05T13:34:05.000Z",
  created_at: "2025-01-05T13:34:05.000Z",
  safety_reviewed_at: null,
  safety_reviewed_by: null,
  safety_reviewed_by_name: null,
  ...overrides,
});

let messages = 0;
/** A patient's message in a conversation at `timestamp`; each call a new id. */
export const messageRow = (
  conversation_id: string,
  patient_name: string,
  timestamp: string,
  extra: Partial<Message> = {},
): Message => ({
  id: `m${++messages}`,
  version: 1,
  updated_at: timestamp,
  conversation_id,
  patient_name,
  prompt_id: null,
  data_type: "user",
  serial_num: 1,
  data: "hello",
  timestamp,
  ...extra,
});
