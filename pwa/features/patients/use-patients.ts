import { messages } from "@schema/messages.ts";
import { defaultPatientUsername } from "@schema/patient.ts";
import type { Clinician, Patient } from "@schema/rows.ts";
import { ApiError } from "@/lib/api.ts";
import { compareNames } from "@/lib/compare.ts";
import { staffName } from "@/lib/display-name.ts";
import { notify } from "@/lib/notify.tsx";
import { type Local, readOpened } from "@/local/index.ts";
import { announceSave } from "@/shared/sync/announce-save.ts";
import { useStore, useSyncEngine } from "@/shared/sync/sync-context.ts";
import { type Live, useLive } from "@/shared/sync/use-live.ts";
import { type PatientFormValues, patientBody } from "./patient-values.ts";

const m = messages.patients;
const byName = (a: Patient, b: Patient) =>
  compareNames(`${a.first_name} ${a.last_name}`, `${b.first_name} ${b.last_name}`) ||
  compareNames(a.username, b.username);

/** The patients on this device: a clinician's own, or every patient for an admin (the pull sends only those). */
export function usePatients(): Live<Local<Patient>[]> {
  const store = useStore();
  return useLive(async () => (await readOpened(store, store.patients)).sort(byName), [store], "patients");
}

/** Patients whose name or username holds the query (any case); a blank query keeps them all, in order. */
export function searchPatients<T extends Patient>(patients: readonly T[], query: string): readonly T[] {
  const q = query.trim().toLowerCase();
  if (!q) return patients;
  return patients.filter((p) => `${p.first_name} ${p.last_name}\n${p.username}`.toLowerCase().includes(q));
}

/** Clinicians an admin may give a patient to, by display name. */
export function useClinicians(): Clinician[] {
  const store = useStore();
  const live = useLive(async () => {
    const rows = await store.clinicians.toArray();
    return rows.sort((a, b) => compareNames(staffName(a), staffName(b)));
  }, [store]);
  return live.status === "ready" ? live.data : [];
}

/** The username the patient would get: the typed one, or the spec's default from the names. */
export const effectiveUsername = (value: PatientFormValues) =>
  value.username?.trim() || defaultPatientUsername(value.first_name ?? "", value.last_name ?? "");

const reason = (err: unknown) => (err instanceof Error && err.message ? err.message : String(err));

/** Writes through the device store: shown at once, sent when there is a connection; announceSave words the toast. */
export function usePatientActions(isAdmin: boolean) {
  const engine = useSyncEngine();
  const store = engine.store;
  return {
    /** Whether another patient on this device already has the username (the server checks all of them). */
    async usernameTaken(username: string, exceptId?: string): Promise<boolean> {
      const found = await store.patients.where("username").equals(username).toArray();
      return found.some((p) => p.id !== exceptId);
    },
    async create(value: PatientFormValues): Promise<boolean> {
      try {
        const { sent } = await engine.mutate({ kind: "patient.create", values: patientBody(value, isAdmin) });
        void announceSave(sent, { success: "Patient added", refused: (message) => notify.error(m.addFailed(message)) });
        return true;
      } catch (err) {
        notify.error(m.addFailed(reason(err)));
        return false;
      }
    },
    async update(id: string, value: PatientFormValues): Promise<boolean> {
      try {
        const { sent } = await engine.mutate({ kind: "patient.update", id, values: patientBody(value, isAdmin) });
        void announceSave(sent, {
          success: "Patient updated",
          refused: (message) => notify.error(m.updateFailed(message)),
        });
        return true;
      } catch (err) {
        notify.error(m.updateFailed(reason(err)));
        return false;
      }
    },
    async remove(id: string): Promise<void> {
      try {
        const { sent } = await engine.mutate({ kind: "patient.delete", id });
        void announceSave(sent, {
          success: "Patient deleted",
          refused: (message) => notify.error(m.deleteFailed(message)),
        });
      } catch (err) {
        notify.error(m.deleteFailed(err instanceof ApiError ? err.message : reason(err)));
      }
    },
  };
}
