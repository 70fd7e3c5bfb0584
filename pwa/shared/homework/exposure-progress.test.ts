import { describe, expect, it } from "vitest";
import { homeworkRow, summaryRow } from "@/test/rows.ts";
import { changeText, exposureProgress, linkedSummaries, practiceMatches } from "./exposure-progress.ts";

const homework = homeworkRow({ id: "h", patientName: "sam", exposurePractice: "Ride the bus" });

/** A practice of `exposure` by sam on January `day`, 2025 at `hour` o'clock. */
const practice = (
  id: string,
  exposure: string | null,
  day: number,
  peaks: { expected?: number | null; actual?: number | null } = {},
  hour = 10,
) =>
  summaryRow({
    id,
    patient_name: "sam",
    exposure_practice: exposure,
    started_at: `2025-01-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00.000Z`,
    expected_peak_suds: peaks.expected === undefined ? 70 : peaks.expected,
    actual_peak_suds: peaks.actual === undefined ? 50 : peaks.actual,
  });

describe("which practices belong to an assignment", () => {
  it("matches the same text whatever its case or spacing", () => {
    expect(practiceMatches("Ride the bus", "  ride THE   bus ")).toBe(true);
    expect(practiceMatches("Ride the bus", "Ride\tthe\nbus")).toBe(true);
  });

  it("matches a text that contains the other as whole words, either way round", () => {
    expect(practiceMatches("Ride the bus", "Ride the bus to school")).toBe(true);
    expect(practiceMatches("Ride the bus to school", "ride the bus")).toBe(true);
    expect(practiceMatches("Ride the bus", "Ride the bush")).toBe(false);
    expect(practiceMatches("Ride the bus", "Call a friend")).toBe(false);
  });

  it("links nothing on an empty or missing exposure text", () => {
    expect(practiceMatches("Ride the bus", null)).toBe(false);
    expect(practiceMatches("Ride the bus", "   ")).toBe(false);
    expect(practiceMatches("  ", "Ride the bus")).toBe(false);
  });

  it("only links the same patient's summaries", () => {
    const other = { ...practice("o", "Ride the bus", 2), patient_name: "alex" };
    expect(linkedSummaries(homework, [practice("a", "Ride the bus", 1), other]).map((s) => s.id)).toEqual(["a"]);
  });
});

describe("an assignment's exposure progress", () => {
  it("is empty without practices, or when none is linked", () => {
    expect(exposureProgress(homework, [])).toEqual([]);
    expect(exposureProgress(homework, [practice("a", "Call a friend", 1), practice("b", null, 2)])).toEqual([]);
  });

  it("shows one practice with its peaks and no change", () => {
    expect(exposureProgress(homework, [practice("a", "ride the bus", 3, { expected: 80, actual: 60 })])).toEqual([
      { id: "a", at: Date.parse("2025-01-03T10:00:00.000Z"), expectedPeak: 80, actualPeak: 60, change: null },
    ]);
  });

  it("orders practices by date and gives the change from the previous actual peak", () => {
    const steps = exposureProgress(homework, [
      practice("c", "Ride the bus", 5, { actual: 45 }),
      practice("a", "Ride the bus", 1, { actual: 60 }),
      practice("b", "RIDE THE BUS", 3, { actual: 50 }),
    ]);
    expect(steps.map((s) => [s.id, s.actualPeak, s.change])).toEqual([
      ["a", 60, null],
      ["b", 50, -10],
      ["c", 45, -5],
    ]);
  });

  it("keeps a practice without an actual peak, with no change, and compares the next one with the peak before it", () => {
    const steps = exposureProgress(homework, [
      practice("a", "Ride the bus", 1, { actual: 60 }),
      practice("b", "Ride the bus", 2, { expected: null, actual: null }),
      practice("c", "Ride the bus", 3, { actual: 65 }),
    ]);
    expect(steps.map((s) => [s.id, s.expectedPeak, s.actualPeak, s.change])).toEqual([
      ["a", 70, 60, null],
      ["b", null, null, null],
      ["c", 70, 65, 5],
    ]);
  });

  it("orders practices at the same moment by id, whatever order the store gave them in", () => {
    const x = practice("x", "Ride the bus", 4, { actual: 40 });
    const y = practice("y", "Ride the bus", 4, { actual: 30 });
    expect(exposureProgress(homework, [y, x]).map((s) => [s.id, s.change])).toEqual([
      ["x", null],
      ["y", -10],
    ]);
    expect(exposureProgress(homework, [x, y])).toEqual(exposureProgress(homework, [y, x]));
  });

  it("falls back to when the summary was made, and leaves out a practice with no readable date", () => {
    const undated = { ...practice("u", "Ride the bus", 1), started_at: null, created_at: "not a date" };
    const made = { ...practice("m", "Ride the bus", 1), started_at: null, created_at: "2025-01-02T08:00:00.000Z" };
    expect(exposureProgress(homework, [undated, made]).map((s) => s.id)).toEqual(["m"]);
  });
});

describe("a change as shown", () => {
  it("uses a true minus sign, a plus, and ±0", () => {
    expect(changeText(-10)).toBe("−10");
    expect(changeText(5)).toBe("+5");
    expect(changeText(0)).toBe("±0");
  });
});
