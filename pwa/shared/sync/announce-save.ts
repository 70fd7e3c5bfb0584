import { notify } from "@/lib/notify.tsx";
import type { SaveOutcome } from "@/local/index.ts";
import { refusalText, syncTexts } from "./sync-texts.ts";

interface SaveTexts {
  /** The spec's success toast, shown once the server has the change. */
  success: string;
  /** The spec's failure toast for a change the server refused (with its message). */
  refused: (message: string) => void;
}

/**
 * The one place that words a change made through the device store (add, edit, delete): the spec's
 * success text once the server confirmed it, "Saved on this device — will sync" while offline or
 * before the server answered, the spec's failure text when the server refused it, and a pointer to
 * the Sync panel when it met another change. `sent` is what `engine.mutate` resolved with.
 */
export async function announceSave(sent: Promise<SaveOutcome>, texts: SaveTexts): Promise<void> {
  const outcome = await sent;
  if (outcome.status === "sent") notify.success(texts.success);
  else if (outcome.status === "queued") notify.info(syncTexts.savedOnDevice);
  else if (outcome.status === "refused") texts.refused(refusalText(outcome.refusal));
  else notify.info(syncTexts.savedConflict);
}
