import { Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { importLocal } from "@/app/sync/import-local.ts";
import { lazyScreen } from "@/lib/lazy-screen.tsx";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { PageFrame } from "./page-frame.tsx";
import { MenuOpenState } from "./top-bar.tsx";

// The device store, sync engine, query cache and the signed-in menus load only once someone is signed in.
// The device's sync client is fetched beside the layout, not after it rendered (the sync provider's
// effect imports it): the first sync of a sign-in starts that much sooner.
const SignedInLayout = lazyScreen(() => {
  importLocal().catch(() => {});
  return import("./signed-in-layout.tsx");
});

/**
 * On the sign-in page, the device store's code is run while the page is idle (a person takes
 * seconds to type a password): Dexie's module and noble's AES, whose lookup tables it builds as it
 * runs, were two tasks of 40-90 ms on a slow tablet's main thread right after the Login tap.
 */
function useDeviceCodeReady(signedOut: boolean, pathname: string) {
  const onSignIn = signedOut && pathname.toLowerCase().startsWith("/auth");
  useEffect(() => {
    if (!onSignIn || typeof requestIdleCallback !== "function") return;
    const id = requestIdleCallback(() => void importLocal().catch(() => {}));
    return () => cancelIdleCallback(id);
  }, [onSignIn]);
}

/**
 * Every page's frame. A signed-in user's frame comes with its providers from a chunk of its own;
 * until it arrives, public pages already show and signed-in pages show the page spinner.
 */
export function AppLayout() {
  const { user } = useAuth();
  const menuOpen = useState(false);
  const { pathname } = useLocation();
  const closeMenu = menuOpen[1];
  useDeviceCodeReady(!user, pathname);
  // A chosen entry closes the small-screen menu (here, not in the bar, which mounts afresh after sign-in).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => closeMenu(false), [pathname]);
  return (
    <MenuOpenState value={menuOpen}>
      {user ? (
        <Suspense fallback={<PageFrame />}>
          <SignedInLayout />
        </Suspense>
      ) : (
        <PageFrame />
      )}
    </MenuOpenState>
  );
}
