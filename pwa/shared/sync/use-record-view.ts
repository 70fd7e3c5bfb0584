import type { ViewedRecord } from "@schema/record-view.ts";
import { useEffect, useRef } from "react";
import { useSyncEngine } from "./sync-context.ts";

/**
 * Records that the user opened a patient's data (issue 15: reads are audited, offline too): once per
 * opening, not per render. Pass no patient while nothing is open; opening it again records again.
 */
export function useRecordView(patientName: string | null | undefined, what: ViewedRecord, targetId?: string | null) {
  const engine = useSyncEngine();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!patientName) {
      recorded.current = null;
      return;
    }
    const key = JSON.stringify([patientName, what, targetId ?? null]);
    // Dev-mode remounts and re-renders run this again with the same key: one opening, one view.
    if (recorded.current === key) return;
    recorded.current = key;
    // In a task of its own, not in the one that mounts the screen: queuing the view (sealing it, a
    // write to the store) took 10–30 ms of a slowed tablet's main thread as Chat History opened.
    // Not cancelled by leaving: the data was shown.
    setTimeout(() => void engine.recordView({ patientName, what, targetId }));
  }, [engine, patientName, what, targetId]);
}
