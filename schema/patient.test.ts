import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { messages } from "./messages.ts";
import { defaultPatientUsername, initialPatientPassword, PatientCreate, patientMessages } from "./patient.ts";

describe("a new patient's defaults", () => {
  it("username is the lowercase first name plus last name without spaces", () => {
    expect(defaultPatientUsername("Maya", "Van Dijk")).toBe("mayavandijk");
  });

  it("initial password is the first name plus the last name", () => {
    expect(initialPatientPassword(" Maya", "Chen ")).toBe("MayaChen");
  });
});

describe("the patient form schema", () => {
  const form = { first_name: "Maya", last_name: "Chen", age: 15, gender: "female" };

  it("accepts a complete form and treats a blank username as not given", () => {
    expect(v.parse(PatientCreate, { ...form, username: " " })).toEqual({ ...form });
  });

  it.each([
    [{ first_name: "" }, messages.validation.patientNames],
    [{ last_name: undefined }, messages.validation.patientNames],
    [{ age: 12.5 }, messages.validation.patientAge],
    [{ age: 20 }, messages.validation.patientAge],
    [{ gender: "Male" }, messages.validation.patientGender],
    [{ username: "maya chen" }, patientMessages.usernameSpaces],
  ])("refuses %o", (fields, message) => {
    const result = v.safeParse(PatientCreate, { ...form, ...fields });
    expect(result.issues?.[0].message).toBe(message);
  });

  it("accepts the ages 12 to 19", () => {
    for (const age of [12, 19]) expect(v.safeParse(PatientCreate, { ...form, age }).success).toBe(true);
  });
});
