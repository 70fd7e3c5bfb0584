import { createContext, type ReactNode, Suspense, useContext, useState } from "react";
import { lazyScreen } from "@/lib/lazy-screen.tsx";

const InviteDialog = lazyScreen(() => import("@/features/invite/invite-dialog.tsx"));

const OpenInvite = createContext<() => void>(() => {});

/** Holds the Invite User dialog once for the whole app; menus open it. Loaded on first use. */
export function InviteDialogHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const openDialog = () => {
    setLoaded(true);
    setOpen(true);
  };
  return (
    <OpenInvite.Provider value={openDialog}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <InviteDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </OpenInvite.Provider>
  );
}

export const useInviteDialog = () => useContext(OpenInvite);
