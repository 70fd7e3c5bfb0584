import { Suspense, useEffect } from "react";
import { DeviceLockProvider } from "@/app/lock/device-lock-provider.tsx";
import { LockGate } from "@/app/lock/lock-gate.tsx";
import { lazyScreen } from "@/lib/lazy-screen.tsx";
import { whenIdle } from "@/lib/when-idle.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { SyncStatus } from "@/shared/sync/sync-status.tsx";
import { AccountMenuButton, AdminMenuButton } from "./menu-buttons.tsx";
import { SignedInMobileEntries } from "./mobile-menu.tsx";
import { PageFrame } from "./page-frame.tsx";
import { SignedInProviders } from "./signed-in-providers.tsx";
import type { SignedInParts } from "./top-bar.tsx";

// The wide-screen menus (Radix dropdowns) load beside the page; until they do, their buttons hold their place.
const AdminMenu = lazyScreen(() => import("./admin-menu.tsx").then((m) => ({ default: m.AdminMenu })));
const AccountMenu = lazyScreen(() => import("./account-menu.tsx"));

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
 * The frame of a signed-in user, inside the providers their pages need (signed-in-providers.tsx),
 * shown only while the device is unlocked (the PIN set-up or the lock screen take its place).
 */
export default function SignedInLayout() {
  const { user, isAdmin } = useAuth();
  const userId = user?.id ?? "";
  // Fetched while the PIN is set or entered, the menus render with the frame's first commit. Fetched
  // by that commit, each came in later on its own, often with the next screen's commit, and its
  // Radix anchor's synchronous update ran that screen's passive effects in the commit's task. Asked
  // for once the page is idle: not among this layout's first effects (4–10 ms of a slowed tablet).
  useEffect(() => {
    let current = true;
    void whenIdle().then(() => {
      if (!current) return;
      void AccountMenu.preload().catch(() => {});
      if (isAdmin) void AdminMenu.preload().catch(() => {});
    });
    return () => {
      current = false;
    };
  }, [isAdmin]);
  return (
    <DeviceLockProvider key={userId} userId={userId}>
      <SignedInProviders>
        <LockGate>
          <PageFrame signedIn={parts} />
        </LockGate>
      </SignedInProviders>
    </DeviceLockProvider>
  );
}
