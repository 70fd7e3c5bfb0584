import { useEffect, useRef, useSyncExternalStore } from "react";
import { notify } from "@/lib/notify.tsx";

/**
 * Toasts may name a patient, and the Toaster sits above the signed-in layout (the sign-in page has
 * toasts too): while the device is locked the toasts on screen go and the Toaster is not mounted.
 * A toast raised while locked waits in sonner and shows after the PIN; so does one raised just before
 * the screens first open (the sign-in's own toasts), which named no patient.
 */
let locked = false;
const listeners = new Set<() => void>();

function setLocked(value: boolean) {
  locked = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the Toaster may be on the page. */
export const useToastsShown = () => !useSyncExternalStore(subscribe, () => locked);

/** Hides the toasts for as long as `hide` holds (and the caller is mounted); dismisses those of an open screen that locks. */
export function useHideToasts(hide: boolean) {
  const screensWereOpen = useRef(false);
  useEffect(() => {
    if (!hide) {
      screensWereOpen.current = true;
      return;
    }
    if (screensWereOpen.current) notify.dismiss();
    setLocked(true);
    return () => setLocked(false);
  }, [hide]);
}
