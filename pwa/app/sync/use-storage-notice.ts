import { useEffect } from "react";
import { notify } from "@/lib/notify.tsx";
import { useSyncStateOf } from "@/shared/sync/sync-context.ts";
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

/**
 * Once per device: when changes wait on this device and the browser did not promise to keep its
 * storage (Safari evicts a site after days unused unless it is installed), say so and how to fix it.
 */
export function useStorageNotice(openPanel: () => void) {
  const atRisk = useSyncStateOf((state) => {
    // Only changes that are stuck (offline, a failing server, refused, in conflict) are worth interrupting for.
    const stuck =
      state && (state.failed.length + state.conflicts > 0 || (state.pending > 0 && (!state.online || !!state.error)));
    return state?.persisted === false && !!stuck && !state.authLost;
  });
  useEffect(() => {
    if (!atRisk || shownBefore()) return;
    rememberShown();
    void notify.info(syncTexts.storageNoticeTitle, syncTexts.storageNotice, {
      duration: 12_000,
      action: { label: "Details", onClick: openPanel },
    });
  }, [atRisk, openPanel]);
}
