import { deviceLockMessages as m } from "@schema/device-lock.ts";
import { useState } from "react";
import type { SyncEngine } from "@/local/index.ts";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Button } from "@/ui/button.tsx";

/**
 * The way out of the lock screen without the PIN (another clinician picks up the tablet, or the
 * owner forgot it): after saying what is lost, counted as the last wrong PIN's warning counts it,
 * the same wipe and sign-out as the last wrong PIN.
 */
export function LockSignOut({ engine, onSignOut }: { engine: SyncEngine; onSignOut: () => void }) {
  const [asked, setAsked] = useState<{ forgotPin: boolean; unsent: number | null } | null>(null);

  function ask(forgotPin: boolean) {
    setAsked({ forgotPin, unsent: null });
    void engine.store.outbox.count().then(
      (unsent) => setAsked((a) => a && { ...a, unsent }),
      // An unreadable store has nothing left to lose; say so rather than keep the dialog waiting.
      () => setAsked((a) => a && { ...a, unsent: 0 }),
    );
  }

  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
      <Button variant="link" size="lg" className="px-0" onClick={() => ask(true)}>
        Forgot PIN?
      </Button>
      <Button variant="outline" size="lg" onClick={() => ask(false)}>
        Sign out
      </Button>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={asked?.forgotPin ? m.forgotPinTitle : m.signOutTitle}
        description={
          asked && `${asked.forgotPin ? m.forgotPin : ""}${asked.unsent === null ? "" : m.signOut(asked.unsent)}`
        }
        confirmLabel="Sign out"
        confirmDisabled={asked?.unsent === null}
        onConfirm={onSignOut}
      />
    </div>
  );
}
