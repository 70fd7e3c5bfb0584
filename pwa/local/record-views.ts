import { VIEWS_PER_REQUEST, type ViewedRecord } from "@schema/record-view.ts";
import { presealRows } from "./encrypted-store.ts";
import { codeOf, NetworkError, type Send } from "./http.ts";
import type { PushOutcome } from "./push.ts";
import type { LocalStore, QueuedView } from "./store.ts";

/** One opening of a patient's data, as a screen reports it. */
export interface RecordViewInput {
  patientName: string;
  what: ViewedRecord;
  /** The conversation, summary or homework opened; none for a patient's Chat History. */
  targetId?: string | null;
}

const DEVICE_KEY = "stepwise-device-id";

/** This device's id (kept across users, unlike their stores), so the audit tells tablets apart. */
function deviceId(): string | null {
  try {
    let id = globalThis.localStorage?.getItem(DEVICE_KEY) ?? null;
    if (!id && globalThis.localStorage) {
      id = crypto.randomUUID();
      globalThis.localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return null; // storage refused (a private window): the view is still recorded, without a device
  }
}

/** Queues a view on the device with its own id and time; the sync worker sends it (pushViews). */
export async function queueView(store: LocalStore, view: RecordViewInput): Promise<void> {
  const row = {
    id: crypto.randomUUID(),
    patientName: view.patientName,
    what: view.what,
    targetId: view.targetId ?? null,
    viewedAt: new Date().toISOString(),
    deviceId: deviceId(),
  };
  // Sealed by Web Crypto first: a view is queued as a screen opens, on the page's main thread,
  // where sealing in the write (noble) held a slowed tablet's opening of a conversation.
  // Not on a store closed under the screen: the write below fails as it should, instead of the
  // preseal opening it again.
  if (store.isOpen()) await presealRows(store, store.views.name, [row]);
  await store.views.add(row);
}

const body = (views: QueuedView[]) => ({
  views: views.map((v) => ({
    id: v.id,
    patient_name: v.patientName,
    what: v.what,
    target_id: v.targetId,
    viewed_at: v.viewedAt,
    device_id: v.deviceId,
  })),
  // The server dates each view by how long before this it happened, whatever this clock says.
  sent_at: new Date().toISOString(),
});

/**
 * Sends the queued views, oldest first, in batches; each view's id makes a resend after a lost answer
 * store nothing new. A batch the server refuses (a patient deleted or moved to another clinician
 * meanwhile, 404) is sent view by view, and only the refused views are dropped: the server will not
 * log a view of a patient that is no longer the user's.
 */
export async function pushViews(store: LocalStore, send: Send): Promise<PushOutcome> {
  for (;;) {
    const batch = await store.views.orderBy("viewedAt").limit(VIEWS_PER_REQUEST).toArray();
    if (!batch.length) return "done";
    const outcome = await sendViews(store, send, batch);
    if (outcome !== "done") return outcome;
  }
}

async function sendViews(store: LocalStore, send: Send, views: QueuedView[]): Promise<PushOutcome> {
  let answer: Awaited<ReturnType<Send>>;
  try {
    answer = await send("POST", "/api/activity/views", body(views));
  } catch (err) {
    if (err instanceof NetworkError) return "offline";
    throw err;
  }
  if (answer.status < 300) {
    await store.views.bulkDelete(views.map((v) => v.id));
    return "done";
  }
  const code = codeOf(answer);
  if (code === "unauthorized") return "auth";
  if (code !== "not_found" && code !== "validation") return "unavailable";
  if (views.length === 1) {
    await store.views.delete(views[0].id);
    return "done";
  }
  for (const view of views) {
    const outcome = await sendViews(store, send, [view]);
    if (outcome !== "done") return outcome;
  }
  return "done";
}
