import { useEffect, useRef } from "react";
import { notify } from "@/lib/notify.tsx";
import type { SyncState } from "@/local/index.ts";
import { useOptionalSyncEngine } from "@/shared/sync/sync-context.ts";
import { syncTexts } from "@/shared/sync/sync-texts.ts";

const SHOWN_KEY = "stepwise-storage-notice-shown";

function shownBefore(): boolean {
  try {
    return localStorage.getItem(SHOWN_KEY) !== null;
  } catch {
    return false;
  }
}

function rememberShown() {
  try {
    localStorage.setItem(SHOWN_KEY, new Date().toISOString());
  } catch {}
}

/** Only changes that are stuck (offline, a failing server, refused, in conflict) are worth interrupting for. */
function atRisk(state: SyncState | null) {
  const stuck =
    state && (state.failed.length + state.conflicts > 0 || (state.pending > 0 && (!state.online || !!state.error)));
  return state?.persisted === false && !!stuck && !state.authLost;
}

/**
 * Once per device: when changes wait on this device and the browser did not promise to keep its
 * storage (Safari evicts a site after days unused unless it is installed), say so and how to fix it.
 * Heard from the engine itself, as its state changes: it renders nothing, and the notice comes before
 * the toast of the change that put the changes at risk.
 */
export function useStorageNotice(openPanel: () => void) {
  const engine = useOptionalSyncEngine();
  const open = useRef(openPanel);
  open.current = openPanel;
  useEffect(() => {
    if (!engine) return;
    const check = (state: SyncState | null) => {
      if (!atRisk(state) || shownBefore()) return;
      rememberShown();
      void notify.info(syncTexts.storageNoticeTitle, syncTexts.storageNotice, {
        duration: 12_000,
        action: { label: "Details", onClick: () => open.current() },
      });
    };
    check(engine.getState());
    return engine.subscribe(check);
  }, [engine]);
}
