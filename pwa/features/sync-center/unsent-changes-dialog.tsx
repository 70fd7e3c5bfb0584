import { useState } from "react";
import type { SyncEngine } from "@/local/index.ts";
import type { SignOutChoice, Unsent } from "@/shared/sync/sync-dialogs-context.ts";
import { plural, syncProblemText, syncTexts } from "@/shared/sync/sync-texts.ts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/ui/alert-dialog.tsx";
import { Button } from "@/ui/button.tsx";

interface UnsentChangesDialogProps {
  engine: SyncEngine;
  initial: Unsent;
  onDone: (choice: SignOutChoice) => void;
}

/**
 * Asked at sign-out while changes have not reached the server: sync again, review them, or discard
 * them knowingly. Closing the dialog any other way cancels the sign-out, so nothing is lost by accident.
 */
export default function UnsentChangesDialog({ engine, initial, onDone }: UnsentChangesDialogProps) {
  const [left, setLeft] = useState(initial);
  const [tried, setTried] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const total = left.unsent + left.conflicts;

  const trySync = async () => {
    setSyncing(true);
    try {
      const now = await engine.prepareSignOut();
      if (now.unsent + now.conflicts + now.views === 0) return onDone("sign-out");
      setLeft(now);
      setTried(true);
    } finally {
      setSyncing(false);
    }
  };

  const state = engine.getState();
  const why = state.online ? state.error && syncProblemText(state.error) : "You are offline.";
  return (
    <AlertDialog open onOpenChange={(open) => !open && onDone("cancel")}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {total > 0 ? syncTexts.unsentTitle(total) : syncTexts.viewsUnsentTitle(left.views)}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {total > 0 ? syncTexts.signOutLoses : syncTexts.viewsSignOutLoses(left.views)}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {total > 0 && left.views > 0 && <p className="text-sm">{syncTexts.viewsSignOutLoses(left.views)}</p>}
        {left.conflicts > 0 && (
          <p className="text-sm">
            {plural(left.conflicts, "conflict needs", "conflicts need")} your choice before{" "}
            {left.conflicts === 1 ? "it" : "they"} can be sent.
          </p>
        )}
        {tried && (
          <p role="status" className="text-sm text-warning">
            {total > 0 ? syncTexts.stillUnsent(total) : `${syncTexts.viewsUnsentTitle(left.views)}.`} {why ?? ""}
          </p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          <Button disabled={syncing} onClick={() => void trySync()}>
            {syncing ? "Syncing…" : "Try to sync"}
          </Button>
          {total > 0 && (
            <Button variant="outline" onClick={() => onDone("review")}>
              Review changes
            </Button>
          )}
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={syncing} onClick={() => onDone("sign-out")}>
            Discard and sign out
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
