import { HomeworkCreate, HomeworkUpdate } from "@schema/homework.ts";
import { messages } from "@schema/messages.ts";
import type { Homework, Summary } from "@schema/rows.ts";
import * as v from "valibot";
import { ApiError } from "@/lib/api.ts";
import { compareText } from "@/lib/compare.ts";
import { notify } from "@/lib/notify.tsx";
import { type Local, readOpened } from "@/local/index.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { announceSave } from "@/shared/sync/announce-save.ts";
import { useStore, useSyncEngine } from "@/shared/sync/sync-context.ts";
import { type Live, useLive } from "../sync/use-live.ts";
import { fieldsOf, type HomeworkFormValues } from "./homework-values.ts";

const m = messages.homework;

/** A patient's assignments from the device store, newest first; live, so every change shows at once. */
export function useHomeworkOf(patientName: string): Live<Local<Homework>[]> {
  const store = useStore();
  return useLive(
    async () => {
      const rows = await readOpened(store, store.homework, () =>
        store.homework.where("patientName").equals(patientName).toArray(),
      );
      return rows.sort((a, b) => compareText(b.created_at, a.created_at));
    },
    [store, patientName],
    "homework",
  );
}

/** A patient's conversation summaries (their practices) from the device store, in no particular order; live. */
export function useSummariesOf(patientName: string): Live<Local<Summary>[]> {
  const store = useStore();
  return useLive(
    () =>
      readOpened(store, store.conversation_summaries, () =>
        store.conversation_summaries.where("patient_name").equals(patientName).toArray(),
      ),
    [store, patientName],
    "conversation_summaries",
  );
}

/**
 * Whether Edit and Delete show on a patient's assignments: for an admin, or for the patient's
 * clinician now, whoever assigned them (the server authorises the same way: after a patient
 * moves, the new clinician looks after the old homework).
 */
export function useCanChangeHomeworkOf(patientName: string): boolean {
  const { user } = useAuth();
  const store = useStore();
  const patient = useLive(() => store.patients.where("username").equals(patientName).first(), [store, patientName]);
  if (user?.role === "admin") return true;
  return patient.status === "ready" && !!user && patient.data?.clinician_id === user.id;
}

const failure = (err: unknown, fallback: string) =>
  notify.error(m.errorTitle, err instanceof ApiError ? err.message : fallback);
/** The spec's toast for a change the server refused: Error, with its message or the fallback. */
const refusal = (fallback: string) => (message: string) => notify.error(m.errorTitle, message || fallback);

/**
 * Create, update and delete through the device store: the change shows at once and is sent when
 * there is a connection. Each resolves to whether it was saved on the device; the toast says
 * whether the server has it too (announceSave).
 */
export function useHomeworkActions() {
  const engine = useSyncEngine();
  return {
    async create(patientName: string, value: HomeworkFormValues): Promise<boolean> {
      const parsed = v.safeParse(HomeworkCreate, { patientName, ...fieldsOf(value) });
      if (!parsed.success) {
        notify.error(m.errorTitle, parsed.issues[0]?.message ?? m.createFailed);
        return false;
      }
      const { id: _, ...values } = parsed.output;
      try {
        const { sent } = await engine.mutate({ kind: "homework.create", values });
        void announceSave(sent, { success: m.created, refused: refusal(m.createFailed) });
        return true;
      } catch (err) {
        failure(err, m.createFailed);
        return false;
      }
    },
    async update(id: string, value: HomeworkFormValues): Promise<boolean> {
      const parsed = v.safeParse(HomeworkUpdate, fieldsOf(value));
      if (!parsed.success) {
        notify.error(m.errorTitle, parsed.issues[0]?.message ?? m.updateFailed);
        return false;
      }
      try {
        const { sent } = await engine.mutate({ kind: "homework.update", id, values: parsed.output });
        void announceSave(sent, { success: m.updated, refused: refusal(m.updateFailed) });
        return true;
      } catch (err) {
        failure(err, m.updateFailed);
        return false;
      }
    },
    async remove(id: string): Promise<void> {
      try {
        const { sent } = await engine.mutate({ kind: "homework.delete", id });
        void announceSave(sent, { success: m.deleted, refused: refusal(m.deleteFailed) });
      } catch (err) {
        failure(err, m.deleteFailed);
      }
    },
  };
}
