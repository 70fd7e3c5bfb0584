import * as v from "valibot";
import { BULK_DELETE_VALUES, GENDERS, PATIENT_AGE } from "./constants.ts";
import { messages } from "./messages.ts";

/**
 * The patient add and edit forms (spec section 5) and the bodies of
 * POST /api/patients and PUT /api/patients/{id}. No server imports: the PWA's
 * forms validate with the same schemas.
 */
export const patientMessages = {
  usernameTaken: "A patient with this username already exists",
  // "Not your patient" answers like "no such patient" (404), so no answer tells whose a patient is.
  notFound: "Patient not found",
  noUsername: (name: string) => `No patient with the username ${name}`,
  // Asking for another clinician's patient list by that clinician's id is refused outright (403).
  onlyYourOwn: "You can only see your own patients.",
  usernameReserved: (name: string) =>
    `The username ${name} is reserved for the Data Management menu's bulk deletes; choose another`,
  usernameSpaces: "Username cannot contain spaces",
  usernameLength: "Username must be at most 100 characters",
  nameLength: "Names must be at most 100 characters",
  idFormat: "A patient id must be a UUID",
  clinicianId: "Choose an existing clinician",
  password: "The password must be text",
  body: "The request body must be a JSON object",
} as const;

const v_ = messages.validation;

// Missing, null and blank names all answer with the spec's one message.
const personName = v.pipe(
  v.nullish(v.string(v_.patientNames), ""),
  v.trim(),
  v.nonEmpty(v_.patientNames),
  v.maxLength(100, patientMessages.nameLength),
);

const age = v.pipe(
  v.nullish(v.number(v_.patientAge), Number.NaN),
  v.integer(v_.patientAge),
  v.minValue(PATIENT_AGE.min, v_.patientAge),
  v.maxValue(PATIENT_AGE.max, v_.patientAge),
);

const gender = v.pipe(v.nullish(v.string(v_.patientGender), ""), v.picklist(GENDERS, v_.patientGender));

/** Blank means "not given": the server then keeps or derives the username. */
const username = v.pipe(
  v.nullish(v.string(patientMessages.usernameSpaces)),
  v.transform((text) => text?.trim() || undefined),
  v.check((text) => text === undefined || !/\s/.test(text), patientMessages.usernameSpaces),
  v.check((text) => text === undefined || text.length <= 100, patientMessages.usernameLength),
);

const clinicianId = v.optional(v.pipe(v.string(patientMessages.clinicianId), v.nonEmpty(patientMessages.clinicianId)));

const fields = { first_name: personName, last_name: personName, age, gender, username };

export const PatientCreate = v.object(
  {
    ...fields,
    /** Made on the device that created the patient offline. */
    id: v.optional(v.pipe(v.string(patientMessages.idFormat), v.uuid(patientMessages.idFormat))),
    password: v.pipe(
      v.nullish(v.string(patientMessages.password)),
      v.transform((text) => text || undefined),
    ),
    /** Only an admin may choose; a clinician's patient is always their own. */
    clinician_id: clinicianId,
  },
  patientMessages.body,
);
export type PatientCreate = v.InferOutput<typeof PatientCreate>;

export const PatientUpdate = v.object({ ...fields, clinician_id: clinicianId }, patientMessages.body);
export type PatientUpdate = v.InferOutput<typeof PatientUpdate>;

/** The spec's default username: the lowercase first name plus last name, without spaces. */
export const defaultPatientUsername = (firstName: string, lastName: string) =>
  `${firstName}${lastName}`.toLowerCase().replace(/\s+/g, "");

/** The spec's initial password: the first name plus the last name. */
export const initialPatientPassword = (firstName: string, lastName: string) => `${firstName.trim()}${lastName.trim()}`;

/**
 * Names the Data Management menu sends where it would send a patient's
 * (DELETE /api/conversations/patient/{name}): no patient may take a bulk
 * delete's name, and only an admin may take a sample patient's, so a
 * clinician's real patient can never be wiped as sample data.
 */
export function isReservedPatientName(username: string, samples: readonly string[], byAdmin: boolean): boolean {
  const name = username.toLowerCase();
  if (BULK_DELETE_VALUES.includes(name)) return true;
  return !byAdmin && samples.some((sample) => sample.toLowerCase() === name);
}
