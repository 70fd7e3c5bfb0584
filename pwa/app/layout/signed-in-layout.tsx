import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { SignedInProvidersReady } from "@/app/auth/route-guards.tsx";
import { SyncProvider } from "@/app/sync/sync-provider.tsx";
import { SyncStatus } from "@/app/sync/sync-status.tsx";
import { createQueryClient } from "@/lib/query-client.ts";
import { InviteDialogHost } from "./invite-dialog-host.tsx";
import { SignedInMobileEntries } from "./mobile-menu.tsx";
import { PageFrame } from "./page-frame.tsx";
import type { SignedInParts } from "./top-bar.tsx";

// The wide-screen menus (Radix dropdowns) load beside the page; they appear in place without moving anything.
const SignedInNav = lazy(() => import("./signed-in-nav.tsx"));
const AccountMenu = lazy(() => import("./account-menu.tsx"));

const parts: SignedInParts = {
  nav: (
    <Suspense fallback={null}>
      <SignedInNav />
    </Suspense>
  ),
  status: <SyncStatus />,
  account: (
    <Suspense fallback={null}>
      <AccountMenu />
    </Suspense>
  ),
  mobileEntries: (onClose) => <SignedInMobileEntries onClose={onClose} />,
};

/**
 * The frame of a signed-in user with what their pages need: the device store and sync engine,
 * a query cache for the online-only screens (dropped at sign-out with this layout) and the
 * Invite User dialog.
 */
export default function SignedInLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SyncProvider>
        <InviteDialogHost>
          <SignedInProvidersReady value={true}>
            <PageFrame signedIn={parts} />
          </SignedInProvidersReady>
        </InviteDialogHost>
      </SyncProvider>
    </QueryClientProvider>
  );
}
