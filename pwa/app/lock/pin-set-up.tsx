import { DevicePinForm, deviceLockMessages } from "@schema/device-lock.ts";
import { useState } from "react";
import type { LocalStore } from "@/local/index.ts";
import { setUpPin } from "@/local/set-up-key.ts";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { LockCard, pinInputProps } from "./lock-card.tsx";

/** After the first sign-in on this device: the PIN that will unlock it (and, later, its encrypted store). */
export function PinSetUp({
  store,
  idleMinutes,
  unlocking,
  opening,
  onDone,
  onSetElsewhere,
}: {
  store: LocalStore;
  idleMinutes: number;
  /** The PIN is set and the app is on its way. */
  unlocking: boolean;
  /** The app is rendering: the form has left (LockCard). */
  opening: boolean;
  onDone: () => void;
  /** Another tab of the user set the PIN meanwhile: this one unlocks with it. */
  onSetElsewhere: () => void;
}) {
  const [failure, setFailure] = useState(false);
  const form = useAppForm({
    defaultValues: { pin: "", confirmPin: "" },
    validators: { onChange: validateWith(DevicePinForm), onSubmit: validateWith(DevicePinForm) },
    onSubmit: async ({ value }) => {
      setFailure(false);
      try {
        if (await setUpPin(store, value.pin)) onDone();
        else onSetElsewhere();
      } catch {
        setFailure(true);
      }
    },
  });
  return (
    <LockCard
      opening={opening}
      title="Set up a device PIN"
      description={`This device may be shared. Choose a PIN of at least 6 digits: Stepwise locks after ${idleMinutes} minute${idleMinutes === 1 ? "" : "s"} without use, and the PIN unlocks it, offline too.`}
    >
      <form {...formProps(form)} className="grid gap-4" aria-label="Set up device PIN">
        <form.AppField name="pin">
          {(f) => <f.PasswordField label="Device PIN" {...pinInputProps} autoFocus />}
        </form.AppField>
        <form.AppField name="confirmPin">
          {(f) => <f.PasswordField label="Confirm device PIN" {...pinInputProps} />}
        </form.AppField>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {deviceLockMessages.setUpFailed}
          </p>
        )}
        <form.AppForm>
          <form.SubmitButton className="h-12" pendingLabel="Saving..." pending={unlocking}>
            Set PIN
          </form.SubmitButton>
        </form.AppForm>
      </form>
    </LockCard>
  );
}
