import type { Clinician } from "@schema/rows.ts";
import { useMemo, useState } from "react";
import { compareNames } from "@/lib/compare.ts";
import { staffName } from "@/lib/display-name.ts";
import { nameHash } from "@/local/encrypted-store.ts";
import { useStore } from "@/shared/sync/sync-context.ts";
import { type Live, useLive, useTableArrived } from "@/shared/sync/use-live.ts";
import { buildCaseload, type CaseloadEntry, QUIET_DAYS_DEFAULT, quietDaysOf } from "./rules.ts";

/**
 * The Caseload from the device store alone, so it works offline: the patients this device holds
 * (a clinician's own, every patient for an admin), their summaries and how much homework each has.
 * It follows every change to those tables; `quietDays` only re-sorts what was read.
 */
export function useCaseload(quietDays: number): Live<CaseloadEntry[]> {
  const store = useStore();
  const patients = useLive(() => store.patients.toArray(), [store], "patients");
  const summaries = useLive(() => store.conversation_summaries.toArray(), [store], "conversation_summaries");
  // The index's keys alone: one username hash per assignment (encrypted-store.ts), no assignment texts read.
  const homework = useLive(() => store.homework.orderBy("patientName").keys(), [store], "homework");
  return useMemo((): Live<CaseloadEntry[]> => {
    // An error anywhere shows as the error; otherwise the page waits for all three reads.
    if (patients.status === "error") return patients;
    if (summaries.status === "error") return summaries;
    if (homework.status === "error") return homework;
    if (patients.status !== "ready" || summaries.status !== "ready" || homework.status !== "ready") return LOADING;
    const byHash = new Map<string, number>();
    for (const key of homework.data) byHash.set(String(key), (byHash.get(String(key)) ?? 0) + 1);
    const counts = new Map<string, number>();
    for (const { username } of patients.data) {
      const count = byHash.get(nameHash(store.userId, username));
      if (count) counts.set(username, count);
    }
    return {
      status: "ready",
      data: buildCaseload(patients.data, summaries.data, counts, { now: Date.now(), quietDays }),
    };
  }, [store, patients, summaries, homework, quietDays]);
}

const LOADING = { status: "loading" } as const;

/** Whether the device holds every safety flag yet: a first sync brings summaries after the patients. */
export const useFlagsArrived = () => useTableArrived("conversation_summaries") !== false;

/** The staff an admin may filter by, by name. */
export function useStaff(): Clinician[] {
  const store = useStore();
  const live = useLive(() => store.clinicians.toArray(), [store]);
  return useMemo(
    () => (live.status === "ready" ? [...live.data].sort((a, b) => compareNames(staffName(a), staffName(b))) : []),
    [live],
  );
}

const QUIET_KEY = "stepwise.caseload.quietDays";

/** The "quiet after N days" setting, kept on this device. */
export function useQuietDays(): [number, (days: number) => void] {
  const [days, setDays] = useState(() => {
    try {
      return quietDaysOf(localStorage.getItem(QUIET_KEY));
    } catch {
      return QUIET_DAYS_DEFAULT;
    }
  });
  const save = (next: number) => {
    setDays(next);
    try {
      localStorage.setItem(QUIET_KEY, String(next));
    } catch {
      // Storage refused (private mode, full): the setting holds for this visit.
    }
  };
  return [days, save];
}
