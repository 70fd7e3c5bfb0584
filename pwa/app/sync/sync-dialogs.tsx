import { type ReactNode, Suspense, useCallback, useMemo, useState } from "react";
import { useScreensHidden } from "@/app/lock/lock-context.ts";
import { lazyScreen } from "@/lib/lazy-screen.tsx";
import { useOptionalSyncEngine } from "@/shared/sync/sync-context.ts";
import { type SignOutChoice, SyncDialogsContext, type Unsent } from "@/shared/sync/sync-dialogs-context.ts";
import { useStorageNotice } from "./use-storage-notice.ts";

const SyncPanel = lazyScreen(() => import("@/features/sync-center/sync-panel.tsx"));
const UnsentChangesDialog = lazyScreen(() => import("@/features/sync-center/unsent-changes-dialog.tsx"));

/**
 * Holds the Sync panel and the sign-out question once for the whole app, so a menu that closes
 * (the phone menu) does not take them with it. Both load on first use.
 */
export function SyncDialogsHost({ children }: { children: ReactNode }) {
  const engine = useOptionalSyncEngine();
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const [question, setQuestion] = useState<{ unsent: Unsent; answer: (choice: SignOutChoice) => void } | null>(null);

  const openPanel = useCallback(() => {
    setPanelLoaded(true);
    setPanelOpen(true);
  }, []);
  const confirmSignOut = useCallback(
    (unsent: Unsent) =>
      new Promise<boolean>((resolve) => {
        setQuestion({
          unsent,
          answer: (choice) => {
            setQuestion(null);
            if (choice === "review") openPanel();
            resolve(choice === "sign-out");
          },
        });
      }),
    [openPanel],
  );
  const value = useMemo(() => ({ openPanel, confirmSignOut }), [openPanel, confirmSignOut]);
  useStorageNotice(openPanel);
  // The Sync panel names patients: it goes with the pages while the device is locked.
  const shown = !useScreensHidden();

  return (
    <SyncDialogsContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {shown && engine && panelLoaded && <SyncPanel open={panelOpen} onOpenChange={setPanelOpen} />}
        {shown && engine && question && (
          <UnsentChangesDialog engine={engine} initial={question.unsent} onDone={question.answer} />
        )}
      </Suspense>
    </SyncDialogsContext.Provider>
  );
}
