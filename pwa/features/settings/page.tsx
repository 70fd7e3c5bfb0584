import { deviceLockMessages, type Settings, SettingsForm } from "@schema/device-lock.ts";
import { useEffect } from "react";
import * as v from "valibot";
import { errorMessage } from "@/lib/api.ts";
import { notify } from "@/lib/notify.tsx";
import { useOnline } from "@/lib/use-online.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { OfflineNotice } from "@/ui/offline-notice.tsx";
import { Skeleton } from "@/ui/skeleton.tsx";
import { useSaveSettings, useSettings } from "./settings-api.ts";

/** The settings an admin changes at run time; today the device lock's idle minutes. */
export default function SettingsPage() {
  usePageTitle("Settings");
  const settings = useSettings();
  const online = useOnline();
  useEffect(() => {
    if (settings.error)
      notify.error(deviceLockMessages.fetchFailed, errorMessage(settings.error, deviceLockMessages.fetchFailed));
  }, [settings.error]);
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <h1 className="text-2xl font-semibold leading-tight">Settings</h1>
        <CardDescription>Applies to every device of this clinic.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!online && <OfflineNotice>Settings need a connection. Reconnect to see and change them.</OfflineNotice>}
        {settings.data ? (
          <DeviceLockForm saved={settings.data} disabled={!online} />
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

function DeviceLockForm({ saved, disabled }: { saved: Settings; disabled: boolean }) {
  const save = useSaveSettings();
  const form = useAppForm({
    defaultValues: { lock_idle_minutes: String(saved.lock_idle_minutes) },
    validators: { onChange: validateWith(SettingsForm), onSubmit: validateWith(SettingsForm) },
    onSubmit: async ({ value }) => {
      await save.mutateAsync(v.parse(SettingsForm, value)).catch(() => {});
    },
  });
  return (
    <form {...formProps(form)} className="grid gap-4" aria-label="Device lock">
      <form.AppField name="lock_idle_minutes">
        {(f) => (
          <f.TextField
            label="Lock devices after (minutes without use)"
            description="A device also locks when it was hidden this long; its user's PIN unlocks it."
            inputMode="numeric"
            className="max-w-40"
          />
        )}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton className="justify-self-start" disabled={disabled} pendingLabel="Saving...">
          Save Settings
        </form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
