import type { Homework, Summary } from "@schema/rows.ts";
import { compareText } from "@/lib/compare.ts";

/**
 * Which conversation summaries are practices of which homework assignment, defined once and
 * without React: the homework card's progress, the session-prep digest and the Caseload all
 * read exposures through these.
 */

/** "Ride the bus " and "ride the  bus" are one exposure: trimmed, spaces collapsed, lower case. */
export const exposureKey = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** When a practice happened: its conversation's start, else when the summary was made (ms; NaN if unreadable). */
export const practiceTime = (s: Pick<Summary, "started_at" | "created_at">) => Date.parse(s.started_at ?? s.created_at);

/**
 * Whether a summary's exposure practice is a practice of the assignment's: the same text once
 * normalised (exposureKey), or one containing the other as whole words ("Order food" and "Order
 * food at a counter"). An empty text on either side links nothing.
 */
export function practiceMatches(assigned: string, practised: string | null): boolean {
  if (practised === null) return false;
  const a = exposureKey(assigned);
  const p = exposureKey(practised);
  if (!a || !p) return false;
  return ` ${p} `.includes(` ${a} `) || ` ${a} `.includes(` ${p} `);
}

/** One practice of an assignment, as its progress shows it. */
export interface ProgressStep {
  /** The summary's id (its conversation's id). */
  id: string;
  at: number;
  expectedPeak: number | null;
  actualPeak: number | null;
  /**
   * The actual peak minus the one of the latest earlier practice that recorded one (−10: ten lower);
   * null for the first practice with a peak, or when this practice recorded none.
   */
  change: number | null;
}

type HomeworkFields = Pick<Homework, "patientName" | "exposurePractice">;
type SummaryFields = Pick<
  Summary,
  "id" | "patient_name" | "exposure_practice" | "expected_peak_suds" | "actual_peak_suds" | "started_at" | "created_at"
>;

/** The summaries that are practices of `homework`: the same patient's, linked by practiceMatches. */
export const linkedSummaries = <S extends SummaryFields>(homework: HomeworkFields, summaries: readonly S[]): S[] =>
  summaries.filter(
    (s) => s.patient_name === homework.patientName && practiceMatches(homework.exposurePractice, s.exposure_practice),
  );

/** Oldest first; practices at the same moment in the order of their ids, so the order never depends on the store's. */
export const byPracticeTime = (a: SummaryFields, b: SummaryFields) =>
  practiceTime(a) - practiceTime(b) || compareText(a.id, b.id);

/**
 * An assignment's exposure progress: its linked practices oldest first (undated ones left out),
 * each with its expected and actual peak SUDS and the change from the previous practice's actual peak.
 */
export function exposureProgress(homework: HomeworkFields, summaries: readonly SummaryFields[]): ProgressStep[] {
  const linked = linkedSummaries(homework, summaries)
    .filter((s) => !Number.isNaN(practiceTime(s)))
    .sort(byPracticeTime);
  let previous: number | null = null;
  return linked.map((s) => {
    const actual = s.actual_peak_suds;
    const change = actual !== null && previous !== null ? actual - previous : null;
    if (actual !== null) previous = actual;
    return { id: s.id, at: practiceTime(s), expectedPeak: s.expected_peak_suds, actualPeak: actual, change };
  });
}

/** A change as the screens show it: "−10", "+5", "±0" (a true minus sign). */
export const changeText = (change: number) => (change < 0 ? `−${-change}` : change > 0 ? `+${change}` : "±0");
