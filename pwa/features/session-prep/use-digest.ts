import { discussedAt, markDiscussed, readOpened, readPatientMessages } from "@/local/index.ts";
import { useStore } from "@/shared/sync/sync-context.ts";
import { type Live, useLive } from "@/shared/sync/use-live.ts";
import { buildDigest, type Digest } from "./digest.ts";

/**
 * One patient's digest since `since` (ms), from the device store alone (it works offline), and
 * following every change to it. Messages are read from `since` on (readPatientMessages).
 */
export function useDigest(patientName: string, since: number): Live<Digest> {
  const store = useStore();
  return useLive(async () => {
    const from = new Date(since).toISOString();
    // Opened by Web Crypto, not by noble inside the reads on the page's main thread.
    const [homework, summaries, messages] = await Promise.all([
      readOpened(store, store.homework, () => store.homework.where("patientName").equals(patientName).toArray()),
      readOpened(store, store.conversation_summaries, () =>
        store.conversation_summaries.where("patient_name").equals(patientName).toArray(),
      ),
      readPatientMessages(store, patientName, from),
    ]);
    return buildDigest(since, { homework, summaries, messages });
  }, [store, patientName, since]);
}

/** The patient and their clinician's name as the digest's heading shows them. */
export function usePatient(patientName: string) {
  const store = useStore();
  return useLive(() => store.patients.where("username").equals(patientName).first(), [store, patientName], "patients");
}

/**
 * When this user last marked the patient's digest discussed, kept in their store on this device
 * (never synced); `mark` sets it to now.
 */
export function useDiscussed(patientName: string): { at: Live<string | null>; mark: () => Promise<void> } {
  const store = useStore();
  const at = useLive(() => discussedAt(store, patientName), [store, patientName]);
  return { at, mark: () => markDiscussed(store, patientName, new Date()) };
}
