import { LogInIcon, MenuIcon, XIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useAuth } from "@/app/auth/auth-context.tsx";
import { InstallButton } from "@/app/pwa/install-button.tsx";
import { SyncStatus } from "@/app/sync/sync-status.tsx";
import { Button } from "@/ui/button.tsx";
import { MobileMenu } from "./mobile-menu.tsx";

// Menus of signed-in users (Radix dropdowns) stay out of the landing page's first load.
const SignedInNav = lazy(() => import("./signed-in-nav.tsx"));
const AccountMenu = lazy(() => import("./account-menu.tsx"));

export function TopBar() {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // A chosen entry closes the small-screen menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="mr-2 flex min-h-11 items-center gap-2 rounded-md font-semibold text-lg"
          aria-label="Stepwise home"
        >
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          <span>Stepwise</span>
        </Link>
        <Suspense fallback={null}>{user && <SignedInNav />}</Suspense>
        <div className="ml-auto flex items-center gap-1">
          <InstallButton />
          {user && <SyncStatus />}
          {user ? (
            <div className="hidden lg:block">
              <Suspense fallback={null}>
                <AccountMenu />
              </Suspense>
            </div>
          ) : (
            <Button asChild variant="ghost" className="hidden lg:inline-flex">
              <Link to="/auth">
                <LogInIcon aria-hidden />
                Login
              </Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <XIcon aria-hidden /> : <MenuIcon aria-hidden />}
          </Button>
        </div>
      </div>
      {menuOpen && <MobileMenu onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
