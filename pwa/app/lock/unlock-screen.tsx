import { DEVICE_PIN_MAX_ATTEMPTS, deviceLockMessages, UnlockForm } from "@schema/device-lock.ts";
import { useEffect, useState } from "react";
import { readDeviceKey, unlockDevice } from "@/local/device-key.ts";
import type { SyncEngine } from "@/local/index.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { LockCard, pinInputProps } from "./lock-card.tsx";
import { LockSignOut } from "./lock-sign-out.tsx";
import { useWipeDevice } from "./use-wipe-device.ts";

/**
 * The lock screen: the PIN unwraps the data key (offline too). Before the last allowed try it says
 * what a wrong one will cost, counting the unsent changes; the last wrong one deletes the device's
 * copy (the engine stops first), ends the session and leaves the user at the sign-in page; so does
 * signing out here, asked for.
 */
export function UnlockScreen({
  engine,
  unlocking,
  opening,
  onUnlocked,
}: {
  engine: SyncEngine;
  /** The PIN was right and the app is on its way. */
  unlocking: boolean;
  /** The app is rendering: the form has left (LockCard). */
  opening: boolean;
  onUnlocked: () => void;
}) {
  const { user } = useAuth();
  const [wrong, setWrong] = useState<string | null>(null);
  const [lastTry, setLastTry] = useState<string | null>(null);

  async function warnIfLastTry(attemptsLeft: number) {
    if (attemptsLeft === 1) setLastTry(deviceLockMessages.lastAttempt(await engine.store.outbox.count()));
  }
  // A reload between wrong PINs still warns before the last try.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per store
  useEffect(() => {
    void readDeviceKey(engine.store).then((record) => {
      if (record) void warnIfLastTry(DEVICE_PIN_MAX_ATTEMPTS - record.failedAttempts);
    });
  }, [engine.store]);

  const wipe = useWipeDevice(engine);

  const form = useAppForm({
    defaultValues: { pin: "" },
    validators: { onSubmit: validateWith(UnlockForm) },
    onSubmit: async ({ value, formApi }) => {
      const result = await unlockDevice(engine.store, value.pin);
      if (result.unlocked) return onUnlocked();
      formApi.reset();
      if (result.attemptsLeft === 0) return wipe("wrong-pins");
      setWrong(deviceLockMessages.wrongPin(result.attemptsLeft));
      await warnIfLastTry(result.attemptsLeft);
    },
  });
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : "";
  return (
    <LockCard
      opening={opening}
      title="Stepwise is locked"
      description={`${name ? `Signed in as ${name}. ` : ""}Enter your device PIN to continue.`}
    >
      <form {...formProps(form)} className="grid gap-4" aria-label="Unlock">
        {lastTry && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
            {lastTry}
          </p>
        )}
        <form.AppField name="pin">
          {(f) => <f.PasswordField label="Device PIN" {...pinInputProps} answer={wrong} autoFocus />}
        </form.AppField>
        <form.AppForm>
          <form.SubmitButton className="h-12" pendingLabel="Unlocking..." pending={unlocking}>
            Unlock
          </form.SubmitButton>
        </form.AppForm>
      </form>
      <LockSignOut engine={engine} onSignOut={() => void wipe("signed-out")} />
    </LockCard>
  );
}
