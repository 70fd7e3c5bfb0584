import { type ReactNode, useEffect, useState, useTransition } from "react";
import { preloadScreens } from "@/app/screens.ts";
import { readDeviceKey } from "@/local/device-key.ts";
import { setUpKey } from "@/local/set-up-key.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { useOptionalSyncEngine } from "@/shared/sync/sync-context.ts";
import { PageSpinner } from "@/ui/spinner.tsx";
import { useLockIdleMinutes } from "./idle-minutes.ts";
import { useDeviceLock } from "./lock-context.ts";
import { PinSetUp } from "./pin-set-up.tsx";
import { UnlockScreen } from "./unlock-screen.tsx";

/**
 * The app's frame and pages only while the device is unlocked; otherwise the PIN set-up (no PIN on
 * this device for this user yet) or the lock screen in their place. The sync engine above keeps running.
 */
export function LockGate({ children }: { children: ReactNode }) {
  const { phase, setPhase } = useDeviceLock();
  const engine = useOptionalSyncEngine();
  const idleMinutes = useLockIdleMinutes();
  const [unlocking, startUnlocking] = useTransition();
  const { isAdmin } = useAuth();
  // The user's screens are fetched once what this gate shows first (the PIN set-up, the lock
  // screen or the app) is on screen: not in competition with it.
  const shown = phase !== "checking" && engine !== null;
  useEffect(() => {
    if (!shown) return;
    const signedOut = new AbortController();
    void preloadScreens(isAdmin, signedOut.signal);
    return () => signedOut.abort();
  }, [shown, isAdmin]);
  useEffect(() => {
    if (phase !== "checking" || !engine) return;
    let current = true;
    void readDeviceKey(engine.store).then(
      (record) => current && setPhase(record ? "locked" : "set-up"),
      () => current && setPhase("set-up"),
    );
    return () => {
      current = false;
    };
  }, [phase, engine, setPhase]);
  // The first sync runs while the PIN is chosen: under the key the PIN will wrap.
  useEffect(() => {
    if (phase !== "set-up" || !engine) return;
    let current = true;
    void setUpKey(engine.store).then(
      (dataKey) => current && !dataKey && setPhase("locked"),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [phase, engine, setPhase]);

  // The app's frame and its screen mount as a transition: rendered in slices, not in the one task
  // that takes the PIN (on a slow tablet, during a first sync, 100 ms and more). The PIN's form
  // stays busy meanwhile, so it is not sent twice; then it leaves, in a commit of its own, before
  // the frame's: its fields' unmounting updates the form's store synchronously, and in the frame's
  // commit that made React run the whole frame's passive effects in the same task (50–90 ms).
  const [opening, setOpening] = useState(false);
  const unlock = () => startUnlocking(() => setOpening(true));
  useEffect(() => {
    if (opening)
      startUnlocking(() => {
        setPhase("unlocked");
        setOpening(false);
      });
  }, [opening, setPhase]);
  if (phase === "unlocked") return children;
  if (!engine || phase === "checking") return <PageSpinner />;
  if (phase === "set-up")
    return (
      <PinSetUp
        store={engine.store}
        idleMinutes={idleMinutes}
        unlocking={unlocking}
        opening={opening}
        onDone={unlock}
        onSetElsewhere={() => setPhase("locked")}
      />
    );
  return <UnlockScreen engine={engine} unlocking={unlocking} opening={opening} onUnlocked={unlock} />;
}
