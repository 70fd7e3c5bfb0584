import { createHash } from "node:crypto";

/**
 * One patient as a FHIR R4 Bundle of type `collection` (GET /api/patients/{id}/fhir): the Patient,
 * one CarePlan whose activities are the homework assignments, each summary as a DocumentReference,
 * and an Observation for each summary's expected and actual peak SUDS. Built from rows only, so the
 * same rows give the same resources (ids and fullUrls are name-based UUIDs of our own ids).
 */

/** Our canonical base: it names our code system and identifier systems; it is not a page to open. */
const BASE = "https://stepwise.example.org/fhir";

/** The code system of our SUDS observations (README, "FHIR export"). Never change it: it is an identity. */
export const SUDS_CODE_SYSTEM = `${BASE}/CodeSystem/suds`;

/** Its codes: SUDS is the patient's 0–100 distress rating during an exposure. */
const SUDS_CODES = {
  "expected-peak-suds": "Expected peak SUDS: the distress (0-100) the patient expected at the peak of the exposure",
  "actual-peak-suds": "Actual peak SUDS: the highest distress (0-100) the patient reported during the exposure",
} as const;
type SudsCode = keyof typeof SUDS_CODES;

/** Where our own ids live in the export, so a receiver can match resources back to Stepwise records. */
export const IDENTIFIER_SYSTEMS = {
  patientId: `${BASE}/identifier/patient-id`,
  patientUsername: `${BASE}/identifier/patient-username`,
  homeworkId: `${BASE}/identifier/homework-id`,
  conversationId: `${BASE}/identifier/conversation-id`,
} as const;

/** A CarePlan activity's homework id (an activity has no identifier of its own in R4). */
export const HOMEWORK_ID_EXTENSION = `${BASE}/StructureDefinition/homework-id`;

type Row = Record<string, any>;
type Resource = { resourceType: string; id: string } & Record<string, unknown>;

export interface PatientExport {
  patient: Row;
  homework: Row[];
  summaries: Row[];
  now: Date;
}

/** A UUID (version 5 layout) named by what it stands for, so re-exports keep their references. */
function nameUuid(name: string): string {
  const h = createHash("sha1").update(`stepwise:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString("hex");
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const ref = (resource: Resource) => ({ reference: `urn:uuid:${resource.id}` });
const iso = (value: unknown) => (value == null ? undefined : new Date(value as string | Date).toISOString());
const given = <T>(value: T | null | undefined): value is T =>
  value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);
/** A JSON object without the keys whose value is missing (FHIR allows no nulls, empty strings or empty lists). */
const clean = <T extends Record<string, unknown>>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => given(value))) as T;

// prefer_not_to_say has no FHIR AdministrativeGender; "unknown" is that value set's answer for it.
const GENDER: Record<string, string> = { male: "male", female: "female" };

function patientResource(p: Row): Resource {
  return clean({
    resourceType: "Patient",
    id: nameUuid(`patient:${p.id}`),
    identifier: [
      { system: IDENTIFIER_SYSTEMS.patientId, value: String(p.id) },
      { system: IDENTIFIER_SYSTEMS.patientUsername, value: String(p.username) },
    ],
    name: [{ use: "official", family: p.last_name, given: [p.first_name] }],
    gender: GENDER[p.gender] ?? "unknown",
  });
}

function carePlan(patient: Resource, p: Row, homework: Row[], now: Date): Resource {
  return clean({
    resourceType: "CarePlan",
    id: nameUuid(`careplan:${p.id}`),
    status: "active",
    intent: "plan",
    title: "Exposure therapy homework",
    subject: ref(patient),
    created: iso(p.created_at),
    activity: homework.map((h) =>
      clean({
        extension: [{ url: HOMEWORK_ID_EXTENSION, valueString: String(h.id) }],
        detail: clean({
          status: "in-progress",
          description: h.exposure_practice,
          reasonCode: given(h.fear) ? [{ text: `Fear: ${h.fear}` }] : undefined,
          scheduledString: `${h.frequency}; ${h.round_number} rounds of ${h.round_duration}`,
        }),
        progress: given(h.safety_behavior)
          ? [{ time: iso(h.created_at), text: `Safety behavior to drop: ${h.safety_behavior}` }]
          : undefined,
      }),
    ),
    note: [{ time: now.toISOString(), text: "Exported from Stepwise" }],
  });
}

/** The summary's fields as readable text: what a clinician would read in the summary view. */
function summaryText(s: Row): string {
  const lines: [string, unknown][] = [
    ["Summary", s.summary],
    ["Exposure practice", s.exposure_practice],
    ["Targeted fear", s.targeted_fear],
    ["Treatment goal", s.treatment_goal],
    ["Safety behaviors", s.safety_behaviors],
    ["Worst-case outcome", s.worst_case_outcome],
    ["Expected peak SUDS", s.expected_peak_suds],
    ["Actual peak SUDS", s.actual_peak_suds],
    ["Expected rounds", s.expected_round_number],
    ["Actual rounds", s.actual_round_number],
    ["Expected round duration (minutes)", s.expected_round_duration],
    ["Actual average duration (minutes)", s.actual_average_duration],
    ["Completed", s.is_completed],
    ["Helpful (0-5)", s.is_patient_think_helpful],
    ["Willingness to continue (0-5)", s.willingness_to_continue],
    ["Check-ins", s.number_of_times_checking_in],
  ];
  return lines
    .filter(([, value]) => given(value))
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}

function documentReference(patient: Resource, s: Row, now: Date): Resource {
  return clean({
    resourceType: "DocumentReference",
    id: nameUuid(`summary:${s.id}`),
    identifier: [{ system: IDENTIFIER_SYSTEMS.conversationId, value: String(s.id) }],
    status: "current",
    type: { text: "Exposure session summary" },
    subject: ref(patient),
    date: iso(s.updated_at) ?? now.toISOString(),
    description: given(s.exposure_practice) ? `Exposure session: ${s.exposure_practice}` : "Exposure session",
    content: [
      {
        attachment: {
          contentType: "text/plain; charset=utf-8",
          data: Buffer.from(summaryText(s) || "(empty summary)", "utf8").toString("base64"),
          title: "Session summary",
        },
      },
    ],
    context: given(s.started_at) ? { period: clean({ start: iso(s.started_at), end: iso(s.ended_at) }) } : undefined,
  });
}

function sudsObservation(patient: Resource, summary: Resource, s: Row, code: SudsCode): Resource | undefined {
  const value = code === "expected-peak-suds" ? s.expected_peak_suds : s.actual_peak_suds;
  if (!given(value)) return undefined;
  return clean({
    resourceType: "Observation",
    id: nameUuid(`${code}:${s.id}`),
    status: "final",
    code: {
      coding: [{ system: SUDS_CODE_SYSTEM, code, display: SUDS_CODES[code].split(":")[0] }],
      text: SUDS_CODES[code].split(":")[0],
    },
    subject: ref(patient),
    effectiveDateTime: iso(s.started_at),
    valueInteger: Number(value),
    derivedFrom: [ref(summary)],
  });
}

/** Our SUDS code system, shipped in the bundle so a receiver can read what the codes mean. */
function codeSystem(): Resource {
  return {
    resourceType: "CodeSystem",
    id: nameUuid("codesystem:suds"),
    url: SUDS_CODE_SYSTEM,
    name: "StepwiseSuds",
    title: "Stepwise SUDS (Subjective Units of Distress) ratings",
    status: "active",
    content: "complete",
    caseSensitive: true,
    concept: Object.entries(SUDS_CODES).map(([code, text]) => ({
      code,
      display: text.split(":")[0],
      definition: text,
    })),
  };
}

export function patientBundle({ patient: row, homework, summaries, now }: PatientExport) {
  const patient = patientResource(row);
  const resources: Resource[] = [patient, carePlan(patient, row, homework, now), codeSystem()];
  for (const s of summaries) {
    const doc = documentReference(patient, s, now);
    resources.push(doc);
    for (const code of Object.keys(SUDS_CODES) as SudsCode[]) {
      const observation = sudsObservation(patient, doc, s, code);
      if (observation) resources.push(observation);
    }
  }
  return {
    resourceType: "Bundle" as const,
    id: nameUuid(`bundle:${row.id}:${now.toISOString()}`),
    type: "collection" as const,
    timestamp: now.toISOString(),
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}
