import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { SignedInProvidersReady } from "@/app/auth/route-guards.tsx";
import { SyncProvider } from "@/app/sync/sync-provider.tsx";
import { createQueryClient } from "@/lib/query-client.ts";
import { SyncStatus } from "@/shared/sync/sync-status.tsx";
import { InviteDialogHost } from "./invite-dialog-host.tsx";
import { AccountMenuButton, AdminMenuButton } from "./menu-buttons.tsx";
import { SignedInMobileEntries } from "./mobile-menu.tsx";
import { PageFrame } from "./page-frame.tsx";
import type { SignedInParts } from "./top-bar.tsx";

// The wide-screen menus (Radix dropdowns) load beside the page; until they do, their buttons hold their place.
const AdminMenu = lazy(() => import("./admin-menu.tsx").then((m) => ({ default: m.AdminMenu })));
const AccountMenu = lazy(() => import("./account-menu.tsx"));

const parts: SignedInParts = {
  adminMenu: (
    <Suspense fallback={<AdminMenuButton disabled className="text-foreground/80" />}>
      <AdminMenu />
    </Suspense>
  ),
  status: <SyncStatus />,
  account: (
    <Suspense fallback={<AccountMenuButton disabled />}>
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
