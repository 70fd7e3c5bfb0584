import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { formatDuration, HomeworkCreate, HomeworkUpdate, parseDuration, wholeNumberOrOne } from "./homework.ts";
import { messages } from "./messages.ts";

describe("homework durations", () => {
  it("are stored as the number, a space, then the unit", () => {
    expect(formatDuration(15, "minutes")).toBe("15 minutes");
    expect(formatDuration(30, "seconds")).toBe("30 seconds");
  });

  it("are read back into a number and a unit", () => {
    expect(parseDuration("10 minutes")).toEqual({ value: 10, unit: "minutes" });
    expect(parseDuration("45 seconds")).toEqual({ value: 45, unit: "seconds" });
  });

  it("read as 15 when the text has no number, in minutes only if it says minute", () => {
    expect(parseDuration("a few minutes")).toEqual({ value: 15, unit: "minutes" });
    expect(parseDuration("")).toEqual({ value: 15, unit: "seconds" });
    expect(parseDuration(null)).toEqual({ value: 15, unit: "seconds" });
    expect(parseDuration("1 minute")).toEqual({ value: 1, unit: "minutes" });
    expect(parseDuration("20 hours")).toEqual({ value: 20, unit: "seconds" });
  });
});

describe("the rounds and duration boxes", () => {
  it("keep a whole number of at least 1 and fall back to 1 otherwise", () => {
    expect(wholeNumberOrOne("4")).toBe(4);
    expect(wholeNumberOrOne(7)).toBe(7);
    expect(wholeNumberOrOne("2.9")).toBe(2);
    expect(wholeNumberOrOne("abc")).toBe(1);
    expect(wholeNumberOrOne("")).toBe(1);
    expect(wholeNumberOrOne(0)).toBe(1);
    expect(wholeNumberOrOne(-3)).toBe(1);
  });
});

describe("the homework form schema", () => {
  const form = { patientName: "leorivera", exposurePractice: "Call a store", frequency: "every day" };

  it("fills in the spec's defaults", () => {
    expect(v.parse(HomeworkCreate, form)).toEqual({
      ...form,
      fear: "",
      roundNumber: 1,
      roundDuration: "15 minutes",
      safetyBehavior: null,
    });
  });

  it("writes a duration the canonical way", () => {
    expect(v.parse(HomeworkCreate, { ...form, roundDuration: " 05 seconds " }).roundDuration).toBe("5 seconds");
  });

  it("names a blank exposure practice with the spec's message", () => {
    const result = v.safeParse(HomeworkCreate, { ...form, exposurePractice: " " });
    expect(result.issues?.[0].message).toBe(messages.validation.exposurePractice);
  });

  it("requires the patient name only when creating", () => {
    const result = v.safeParse(HomeworkCreate, { ...form, patientName: undefined });
    expect(result.issues?.[0].message).toBe(messages.validation.patientNameMissing);
    expect(v.parse(HomeworkUpdate, { exposurePractice: "Call a store" })).toEqual({ exposurePractice: "Call a store" });
  });
});
