import { type Patient, type Summary, unreviewedSafetyFlag } from "@schema/rows.ts";
import { compareNames } from "@/lib/compare.ts";
import { exposureKey, practiceTime } from "@/shared/homework/exposure-progress.ts";

/**
 * The Caseload's rules, in one place and without React: which patients need a look, and in what
 * order. The page only reads the device store and draws what these return.
 */

/** "Quiet": no practice for this many days, unless the clinician chooses another number. */
export const QUIET_DAYS_DEFAULT = 7;

/** "Not on track" looks at this many latest practices of one exposure that have an actual peak SUDS. */
export const NOT_ON_TRACK_WINDOW = 3;

/** The sparkline shows at most this many latest actual peaks. */
const SPARKLINE_POINTS = 12;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One exposure practice (a conversation summary) as the rules need it. */
export interface Practice {
  /** When it happened: started_at, else when the summary was made (ms). */
  at: number;
  /** The exposure practised, as written; null when the summary names none. */
  exposure: string | null;
  actualPeak: number | null;
  /** A safety flag no clinician has marked reviewed yet; a reviewed one no longer counts. */
  safetyFlag: boolean;
}

function practiceOf(s: Summary): Practice {
  return {
    at: practiceTime(s),
    exposure: s.exposure_practice,
    actualPeak: s.actual_peak_suds,
    safetyFlag: unreviewedSafetyFlag(s),
  };
}

/** An exposure whose latest actual peaks are not falling, with the peaks behind the flag (oldest first). */
export interface StalledExposure {
  exposure: string;
  peaks: number[];
}

const byTime = (a: Practice, b: Practice) => a.at - b.at;

/**
 * Not on track: over the last NOT_ON_TRACK_WINDOW practices of the same exposure that recorded an
 * actual peak SUDS, the latest peak is not below the first (a tie counts as not falling). Practices
 * without an actual peak are left out, not read as zero; an exposure with fewer such practices
 * says nothing yet. Every practice counts, finished or not: a session stopped at a high peak is
 * exactly what this should see. Information for the clinician, not a diagnosis.
 */
export function stalledExposures(practices: readonly Practice[]): StalledExposure[] {
  const groups = new Map<string, { exposure: string; series: Practice[] }>();
  for (const p of practices) {
    if (p.actualPeak === null || p.exposure === null || !p.exposure.trim() || Number.isNaN(p.at)) continue;
    const key = exposureKey(p.exposure);
    const group = groups.get(key) ?? { exposure: p.exposure.trim(), series: [] };
    group.series.push(p);
    groups.set(key, group);
  }
  const stalled: (StalledExposure & { latest: number })[] = [];
  for (const { exposure, series } of groups.values()) {
    if (series.length < NOT_ON_TRACK_WINDOW) continue;
    const last = series.sort(byTime).slice(-NOT_ON_TRACK_WINDOW);
    const peaks = last.map((p) => p.actualPeak as number);
    if (peaks[peaks.length - 1] >= peaks[0]) stalled.push({ exposure, peaks, latest: last[last.length - 1].at });
  }
  // The exposure practised most recently first: the one the patient is working on now.
  return stalled.sort((a, b) => b.latest - a.latest).map(({ exposure, peaks }) => ({ exposure, peaks }));
}

/** One row of the Caseload. */
export interface CaseloadEntry {
  patientId: string;
  username: string;
  name: string;
  clinicianId: string | null;
  /** Summaries with a safety flag not yet marked reviewed (a reviewed flag no longer counts). */
  safetyFlags: number;
  stalled: StalledExposure[];
  quiet: boolean;
  /** Latest practice (ms), null when the patient has none. */
  lastPractice: number | null;
  /** Whole days since the latest practice, or since the patient was added when there is none. */
  daysQuiet: number;
  homeworkCount: number;
  /** Latest actual peaks, oldest first, for the sparkline. */
  sparkline: number[];
}

type PatientFields = Pick<Patient, "id" | "username" | "first_name" | "last_name" | "clinician_id" | "created_at">;

export function caseloadEntry(
  patient: PatientFields,
  practices: readonly Practice[],
  homeworkCount: number,
  options: { now: number; quietDays: number },
): CaseloadEntry {
  const dated = practices.filter((p) => !Number.isNaN(p.at)).sort(byTime);
  const lastPractice = dated.length ? dated[dated.length - 1].at : null;
  const since = lastPractice ?? Date.parse(patient.created_at);
  const idle = Number.isNaN(since) ? 0 : Math.max(0, options.now - since);
  const first = patient.first_name.trim();
  const last = patient.last_name.trim();
  return {
    patientId: patient.id,
    username: patient.username,
    name: first && last ? `${first} ${last}` : patient.username,
    clinicianId: patient.clinician_id,
    safetyFlags: practices.filter((p) => p.safetyFlag).length,
    stalled: stalledExposures(practices),
    quiet: idle >= options.quietDays * DAY_MS,
    lastPractice,
    daysQuiet: Math.floor(idle / DAY_MS),
    homeworkCount,
    sparkline: dated.flatMap((p) => (p.actualPeak === null ? [] : [p.actualPeak])).slice(-SPARKLINE_POINTS),
  };
}

/**
 * Most urgent first: an unreviewed safety flag outranks being not on track, which outranks being quiet; a
 * patient with more of these comes before one with fewer of the same rank (safety and quiet
 * before safety alone). Ties go to the longest without practice (never practised first), then
 * by name and username, so the order never depends on how the store returned the rows.
 */
export function compareUrgency(a: CaseloadEntry, b: CaseloadEntry): number {
  const rank = (e: CaseloadEntry) => (e.safetyFlags > 0 ? 4 : 0) + (e.stalled.length > 0 ? 2 : 0) + (e.quiet ? 1 : 0);
  return (
    rank(b) - rank(a) ||
    (a.lastPractice ?? Number.NEGATIVE_INFINITY) - (b.lastPractice ?? Number.NEGATIVE_INFINITY) ||
    compareNames(a.name, b.name) ||
    compareNames(a.username, b.username)
  );
}

/** Every patient once, most urgent first. Summaries and homework are matched by the patient's username. */
export function buildCaseload(
  patients: readonly PatientFields[],
  summaries: readonly Summary[],
  homeworkCounts: ReadonlyMap<string, number>,
  options: { now: number; quietDays: number },
): CaseloadEntry[] {
  const practicesOf = new Map<string, Practice[]>();
  for (const s of summaries) {
    if (!s.patient_name) continue;
    const list = practicesOf.get(s.patient_name) ?? [];
    list.push(practiceOf(s));
    practicesOf.set(s.patient_name, list);
  }
  return patients
    .map((p) => caseloadEntry(p, practicesOf.get(p.username) ?? [], homeworkCounts.get(p.username) ?? 0, options))
    .sort(compareUrgency);
}

/** A stalled exposure's numbers as the page shows them: "Ride the bus: 60 → 65 → 70". */
export const stalledText = (s: StalledExposure) => `${s.exposure}: ${s.peaks.join(" → ")}`;

/** The quiet-days setting as typed: a whole number of days from 1 to 365, else the default. */
export function quietDaysOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : QUIET_DAYS_DEFAULT;
}
