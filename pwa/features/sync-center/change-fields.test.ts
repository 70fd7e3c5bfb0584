import { describe, expect, it } from "vitest";
import { homeworkRow, patientRow, summaryRow } from "@/test/rows.ts";
import { actionOf, BLANK, changedFields, conflictSentence, subjectOf } from "./change-fields.ts";

describe("what a conflict shows", () => {
  it("a homework conflict lists only the fields that differ, with the screen's labels", () => {
    const theirs = homeworkRow({ id: "h1", patientName: "alex_k", exposurePractice: "Ride the bus", roundNumber: 3 });
    const mine = {
      fear: theirs.fear,
      exposurePractice: "Ride the train",
      frequency: theirs.frequency,
      roundNumber: 2,
      roundDuration: theirs.roundDuration,
      safetyBehavior: "",
    };
    expect(changedFields("homework", mine, theirs)).toEqual([
      { field: "exposurePractice", label: "Exposure practice", mine: "Ride the train", theirs: "Ride the bus" },
      { field: "roundNumber", label: "Rounds", mine: "2", theirs: "3" },
    ]);
  });

  it("says the conflict in one sentence, naming the patient and both values", () => {
    const changes = [{ field: "exposurePractice", label: "Exposure practice", mine: "A", theirs: "B" }];
    expect(conflictSentence("Homework for alex_k", changes)).toBe(
      "Homework for alex_k: you changed exposure practice to “A”, someone else changed it to “B”.",
    );
    const two = [...changes, { field: "frequency", label: "Frequency", mine: "daily", theirs: "weekly" }];
    expect(conflictSentence("Homework for alex_k", two)).toBe(
      "Homework for alex_k: you and someone else both changed exposure practice and frequency.",
    );
    expect(conflictSentence("Homework for alex_k", [])).toMatch(/same change/);
  });

  it("a patient conflict shows the gender as the form names it and the clinician by name; a blank username is no change", () => {
    const theirs = patientRow({ id: "p1", username: "alex_k", gender: "male", clinician_id: "c1", age: 15 });
    const mine = {
      first_name: "Sam",
      last_name: "Sample",
      age: 16,
      gender: "prefer_not_to_say",
      username: "",
      clinician_id: "c2",
    };
    const names = new Map([
      ["c1", "Dana Rivera"],
      ["c2", "Lee Park"],
    ]);
    expect(changedFields("patients", mine, theirs, names)).toEqual([
      { field: "age", label: "Age", mine: "16", theirs: "15" },
      { field: "gender", label: "Gender", mine: "Do not want to say", theirs: "Male" },
      { field: "clinician_id", label: "Clinician", mine: "Lee Park", theirs: "Dana Rivera" },
    ]);
  });

  it("a summary conflict reads flags as Yes/No, durations in minutes and blanks as blank", () => {
    const theirs = summaryRow({ id: "s1", is_safetychecker: false, expected_round_duration: 15, treatment_goal: null });
    const mine = { is_safetychecker: true, expected_round_duration: 20, treatment_goal: "" };
    expect(changedFields("conversation_summaries", mine, theirs)).toEqual([
      { field: "expected_round_duration", label: "Expected duration", mine: "20 minutes", theirs: "15 minutes" },
      { field: "is_safetychecker", label: "Safety risk", mine: "Yes", theirs: "No" },
    ]);
    expect(BLANK).toBe("(blank)");
  });

  it("names each change the way a clinician would", () => {
    expect(subjectOf("homework", null, { patientName: "alex_k" })).toBe("Homework for alex_k");
    expect(subjectOf("patients", null, { first_name: "Nia", last_name: "Okafor" })).toBe("Patient Nia Okafor");
    expect(subjectOf("conversation_summaries", { patient_name: "alex_k" })).toBe("Summary for alex_k");
    const create = { kind: "create", row: {} } as const;
    const update = { kind: "update", fields: {} } as const;
    expect(actionOf({ method: "POST", op: create }, "Homework for alex_k")).toBe("New homework for alex_k");
    expect(actionOf({ method: "PUT", op: update }, "Homework for alex_k")).toBe("Changes to homework for alex_k");
    expect(actionOf({ method: "DELETE", op: { kind: "delete" } }, "Patient alex_k")).toBe("Deleting patient alex_k");
  });

  it("names a prompt mark by what it marks, whatever its URL", () => {
    const current = { method: "POST", op: { kind: "flag", flag: "is_current" } } as const;
    const test = { method: "POST", op: { kind: "flag", flag: "is_test" } } as const;
    expect(actionOf(current, "Prompt “Default”")).toBe("Making prompt “Default” the current prompt");
    expect(actionOf(test, "Prompt “Default”")).toBe("Making prompt “Default” the test prompt");
  });

  it("names a safety review as such, not as a new summary", () => {
    const fields = {
      safety_reviewed_at: "2026-11-23T12:00:00.000Z",
      safety_reviewed_by: "u1",
      safety_reviewed_by_name: "A B",
    };
    expect(actionOf({ method: "POST", op: { kind: "update", fields } }, "Summary for alex_k")).toBe(
      "Marking the safety flag of summary for alex_k reviewed",
    );
  });
});
