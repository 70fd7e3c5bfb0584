import type { Summary } from "@schema/rows.ts";
import { describe, expect, it } from "vitest";
import {
  buildCaseload,
  type CaseloadEntry,
  caseloadEntry,
  compareUrgency,
  type Practice,
  QUIET_DAYS_DEFAULT,
  quietDaysOf,
  stalledExposures,
  stalledText,
} from "./rules.ts";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-11-23T12:00:00Z");
const daysAgo = (n: number) => NOW - n * DAY;
const options = { now: NOW, quietDays: QUIET_DAYS_DEFAULT };

/** A practice series of one exposure: peaks oldest first, one day apart, the last one yesterday. */
const series = (exposure: string, peaks: (number | null)[], flagged: number[] = []): Practice[] =>
  peaks.map((actualPeak, i) => ({
    at: daysAgo(peaks.length - i),
    exposure,
    actualPeak,
    safetyFlag: flagged.includes(i),
  }));

const patient = (username: string, name = username, createdDaysAgo = 100) => ({
  id: `id-${username}`,
  username,
  first_name: name,
  last_name: "Test",
  clinician_id: "dr",
  created_at: new Date(daysAgo(createdDaysAgo)).toISOString(),
});

describe("not on track", () => {
  it("flags peaks that rise or stay level over the last three practices, with the numbers", () => {
    expect(stalledExposures(series("Ride the bus", [60, 65, 70]))).toEqual([
      { exposure: "Ride the bus", peaks: [60, 65, 70] },
    ]);
    expect(stalledText(stalledExposures(series("Ride the bus", [60, 65, 70]))[0])).toBe("Ride the bus: 60 → 65 → 70");
  });

  it("a tie between the first and the latest peak is not falling", () => {
    expect(stalledExposures(series("Bus", [50, 40, 50]))).toEqual([{ exposure: "Bus", peaks: [50, 40, 50] }]);
    expect(stalledExposures(series("Bus", [50, 50, 50]))).toHaveLength(1);
  });

  it("falling peaks are on track, even with a bump in the middle", () => {
    expect(stalledExposures(series("Bus", [70, 60, 50]))).toEqual([]);
    expect(stalledExposures(series("Bus", [70, 80, 65]))).toEqual([]);
  });

  it("only the last three practices count: an early rise that has since fallen is on track", () => {
    expect(stalledExposures(series("Bus", [40, 80, 70, 60]))).toEqual([]);
    expect(stalledExposures(series("Bus", [90, 50, 55, 60]))).toEqual([{ exposure: "Bus", peaks: [50, 55, 60] }]);
  });

  it("one practice, or two, says nothing yet", () => {
    expect(stalledExposures(series("Bus", [80]))).toEqual([]);
    expect(stalledExposures(series("Bus", [60, 80]))).toEqual([]);
  });

  it("practices without an actual peak are left out, not read as zero", () => {
    // Three practices, only two with SUDS: not enough to judge.
    expect(stalledExposures(series("Bus", [60, null, 70]))).toEqual([]);
    // The missing one is skipped: the window is 60, 65, 70.
    expect(stalledExposures(series("Bus", [60, null, 65, 70]))).toEqual([{ exposure: "Bus", peaks: [60, 65, 70] }]);
    // A latest practice without SUDS read as zero would look like a fall (65 → 70 → 0) and hide the flag.
    expect(stalledExposures(series("Bus", [60, 65, 70, null]))).toEqual([{ exposure: "Bus", peaks: [60, 65, 70] }]);
  });

  it("compares practices of the same exposure only, however its text is spaced or capitalised", () => {
    const mixed = [
      ...series("Ride the bus", [60]),
      { at: daysAgo(0.5), exposure: "ride the  bus ", actualPeak: 62, safetyFlag: false },
      { at: daysAgo(0.2), exposure: "Ride the bus", actualPeak: 65, safetyFlag: false },
      ...series("Touch a doorknob", [90, 95]),
    ];
    expect(stalledExposures(mixed)).toEqual([{ exposure: "Ride the bus", peaks: [60, 62, 65] }]);
    // Different exposures never form a window together.
    expect(stalledExposures([...series("A", [50, 60]), ...series("B", [70])])).toEqual([]);
    // A practice naming no exposure is left out.
    expect(stalledExposures(series("", [50, 60, 70]))).toEqual([]);
  });

  it("reads the series in time order, whatever order the store gave it", () => {
    expect(stalledExposures(series("Bus", [70, 60, 50]).reverse())).toEqual([]);
    expect(stalledExposures(series("Bus", [50, 60, 70]).reverse())).toHaveLength(1);
  });
});

describe("caseload entry", () => {
  it("is quiet after the set number of days without practice, counted from the last practice", () => {
    const six = caseloadEntry(
      patient("a"),
      [{ at: daysAgo(6), exposure: "X", actualPeak: 50, safetyFlag: false }],
      0,
      options,
    );
    const seven = caseloadEntry(
      patient("a"),
      [{ at: daysAgo(7), exposure: "X", actualPeak: 50, safetyFlag: false }],
      0,
      options,
    );
    expect([six.quiet, six.daysQuiet]).toEqual([false, 6]);
    expect([seven.quiet, seven.daysQuiet]).toEqual([true, 7]);
    expect(
      caseloadEntry(patient("a"), [{ at: daysAgo(6), exposure: null, actualPeak: null, safetyFlag: false }], 0, {
        now: NOW,
        quietDays: 3,
      }).quiet,
    ).toBe(true);
  });

  it("a patient who never practised is quiet once added the set number of days ago", () => {
    expect(caseloadEntry(patient("new", "New", 2), [], 0, options)).toMatchObject({ quiet: false, lastPractice: null });
    expect(caseloadEntry(patient("old", "Old", 30), [], 0, options)).toMatchObject({ quiet: true, daysQuiet: 30 });
  });

  it("counts safety flags, homework, and keeps the actual peaks (oldest first) for the sparkline", () => {
    const entry = caseloadEntry(patient("a"), series("Bus", [80, null, 60], [1]), 4, options);
    expect(entry).toMatchObject({ safetyFlags: 1, homeworkCount: 4, sparkline: [80, 60], lastPractice: daysAgo(1) });
  });
});

const entry = (name: string, over: Partial<CaseloadEntry>): CaseloadEntry => ({
  patientId: name,
  username: name.toLowerCase(),
  name,
  clinicianId: null,
  safetyFlags: 0,
  stalled: [],
  quiet: false,
  lastPractice: daysAgo(1),
  daysQuiet: 1,
  homeworkCount: 0,
  sparkline: [],
  ...over,
});
const order = (entries: CaseloadEntry[]) => [...entries].sort(compareUrgency).map((e) => e.name);
const stalled = [{ exposure: "Bus", peaks: [60, 65, 70] }];

describe("ordering", () => {
  it("safety risk, then not on track, then quiet, then the rest", () => {
    expect(
      order([
        entry("Calm", {}),
        entry("Quiet", { quiet: true }),
        entry("Stalled", { stalled }),
        entry("Flagged", { safetyFlags: 1 }),
      ]),
    ).toEqual(["Flagged", "Stalled", "Quiet", "Calm"]);
  });

  it("more reasons of the same rank come first; a safety flag alone still outranks everything below it", () => {
    expect(
      order([
        entry("Flag", { safetyFlags: 1 }),
        entry("StalledQuiet", { stalled, quiet: true }),
        entry("FlagQuiet", { safetyFlags: 1, quiet: true }),
        entry("FlagStalled", { safetyFlags: 1, stalled }),
      ]),
    ).toEqual(["FlagStalled", "FlagQuiet", "Flag", "StalledQuiet"]);
  });

  it("ties go to the longest without practice (never practised first), then by name", () => {
    expect(
      order([
        entry("Recent", { quiet: true, lastPractice: daysAgo(8) }),
        entry("Never", { quiet: true, lastPractice: null }),
        entry("Long ago", { quiet: true, lastPractice: daysAgo(40) }),
        entry("Bea", { lastPractice: daysAgo(1) }),
        entry("Abe", { lastPractice: daysAgo(1) }),
      ]),
    ).toEqual(["Never", "Long ago", "Recent", "Abe", "Bea"]);
  });

  it("does not depend on how many safety flags a patient has, nor on the store's order", () => {
    const a = [
      entry("Two", { safetyFlags: 2, lastPractice: daysAgo(1) }),
      entry("One", { safetyFlags: 1, lastPractice: daysAgo(3) }),
    ];
    expect(order(a)).toEqual(["One", "Two"]);
    expect(order([...a].reverse())).toEqual(["One", "Two"]);
  });
});

const summary = (patient_name: string, days: number, over: Partial<Summary> = {}): Summary => {
  const at = new Date(daysAgo(days)).toISOString();
  return {
    id: `${patient_name}-${days}`,
    version: 1,
    updated_at: at,
    patient_name,
    summary: null,
    exposure_practice: "Ride the bus",
    targeted_fear: null,
    treatment_goal: null,
    safety_behaviors: null,
    worst_case_outcome: null,
    expected_peak_suds: null,
    actual_peak_suds: null,
    expected_round_number: null,
    actual_round_number: null,
    expected_round_duration: null,
    actual_average_duration: null,
    is_patient_override: false,
    is_adjusted_in_the_middle: false,
    is_safetychecker: false,
    is_completed: true,
    is_patient_think_helpful: null,
    willingness_to_continue: null,
    number_of_times_checking_in: null,
    started_at: at,
    ended_at: at,
    created_at: at,
    safety_reviewed_at: null,
    safety_reviewed_by: null,
    safety_reviewed_by_name: null,
    ...over,
  };
};

describe("buildCaseload", () => {
  it("one row per patient, matched by username, most urgent first", () => {
    const rows = buildCaseload(
      [patient("calm", "Calm"), patient("stalled", "Stalled"), patient("flagged", "Flagged"), patient("idle", "Idle")],
      [
        summary("calm", 1, { actual_peak_suds: 50 }),
        ...[3, 2, 1].map((d, i) => summary("stalled", d, { actual_peak_suds: 60 + i * 5 })),
        summary("flagged", 1, { is_safetychecker: true, is_completed: false }),
        summary("idle", 20, { actual_peak_suds: 30 }),
        summary("someone-else", 1, { is_safetychecker: true }),
        summary("", 1, { patient_name: null, is_safetychecker: true }),
      ],
      new Map([["calm", 2]]),
      options,
    );
    expect(rows.map((r) => r.username)).toEqual(["flagged", "stalled", "idle", "calm"]);
    expect(rows.find((r) => r.username === "stalled")?.stalled).toEqual([
      { exposure: "Ride the bus", peaks: [60, 65, 70] },
    ]);
    expect(rows.find((r) => r.username === "calm")?.homeworkCount).toBe(2);
  });

  it("a safety flag marked reviewed no longer counts nor ranks the patient first; an unreviewed one still does", () => {
    const reviewed = { is_safetychecker: true, safety_reviewed_at: new Date(daysAgo(0)).toISOString() };
    const rows = buildCaseload(
      [patient("reviewed", "Reviewed"), patient("stalled", "Stalled"), patient("both", "Both")],
      [
        summary("reviewed", 1, { ...reviewed, safety_reviewed_by: "dr", safety_reviewed_by_name: "Dr Rivera" }),
        ...[3, 2, 1].map((d, i) => summary("stalled", d, { actual_peak_suds: 60 + i * 5 })),
        summary("both", 2, reviewed),
        summary("both", 1, { is_safetychecker: true }),
      ],
      new Map(),
      options,
    );
    expect(rows.map((r) => [r.username, r.safetyFlags])).toEqual([
      ["both", 1],
      ["stalled", 0],
      ["reviewed", 0],
    ]);
  });

  // How fast this is belongs in a benchmark; here only that a big clinic's caseload is built whole.
  it("handles 1,000 patients with 20 practices each", () => {
    const patients = Array.from({ length: 1000 }, (_, i) => patient(`p${i}`, `P${i}`));
    const summaries = patients.flatMap((p, i) =>
      Array.from({ length: 20 }, (_, d) => summary(p.username, d + (i % 10), { actual_peak_suds: (i * d) % 100 })),
    );
    const rows = buildCaseload(patients, summaries, new Map(), options);
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.username)).size).toBe(1000);
  });
});

describe("quiet days setting", () => {
  it("takes a whole number of days from 1 to 365, else the default", () => {
    expect(quietDaysOf("14")).toBe(14);
    for (const bad of [null, "", "0", "-3", "2.5", "abc", "366"]) expect(quietDaysOf(bad)).toBe(QUIET_DAYS_DEFAULT);
  });
});
