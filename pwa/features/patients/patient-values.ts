import { messages } from "@schema/messages.ts";
import { PatientCreate, type PatientUpdate } from "@schema/patient.ts";
import type { Patient } from "@schema/rows.ts";
import * as v from "valibot";

/** The add and edit form: the request's fields as typed (age is a text box), checked with the shared rules. */
export const PatientForm = v.object({
  first_name: PatientCreate.entries.first_name,
  last_name: PatientCreate.entries.last_name,
  age: v.pipe(
    v.string(),
    v.transform((text) => (text.trim() === "" ? Number.NaN : Number(text))),
    v.check((age) => v.is(PatientCreate.entries.age, age), messages.validation.patientAge),
  ),
  gender: PatientCreate.entries.gender,
  username: PatientCreate.entries.username,
  clinician_id: v.string(),
});
export type PatientFormValues = v.InferInput<typeof PatientForm>;

export const emptyPatient = (clinicianId: string): PatientFormValues => ({
  first_name: "",
  last_name: "",
  age: "",
  gender: "",
  username: "",
  clinician_id: clinicianId,
});

export const patientValues = (patient: Patient): PatientFormValues => ({
  first_name: patient.first_name,
  last_name: patient.last_name,
  age: String(patient.age),
  gender: patient.gender,
  username: patient.username,
  clinician_id: patient.clinician_id ?? "",
});

/** The request body; only an admin sends clinician_id (the server keeps a clinician's patients their own). */
export function patientBody(value: PatientFormValues, isAdmin: boolean): PatientUpdate {
  const parsed = v.parse(PatientForm, value);
  const { clinician_id, ...fields } = parsed;
  return isAdmin && clinician_id ? { ...fields, clinician_id } : fields;
}
