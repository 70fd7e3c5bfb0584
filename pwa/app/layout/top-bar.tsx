import { LogInIcon, MenuIcon, XIcon } from "lucide-react";
import { createContext, type ReactNode, useContext, useState } from "react";
import { Link, NavLink } from "react-router";
import { useAuth, useBarUser } from "@/shared/auth/auth-context.tsx";
import { InstallButton } from "@/shared/pwa/install-button.tsx";
import { Button } from "@/ui/button.tsx";
import { MainNav } from "./main-nav.tsx";
import { AccountMenuButton } from "./menu-buttons.tsx";
import { navLinkClass } from "./nav-link-class.ts";

/** What a signed-in user's bar adds; it loads with the signed-in layout, never on the landing page's first load. */
export interface SignedInParts {
  adminMenu: ReactNode;
  status: ReactNode;
  account: ReactNode;
  /** The small-screen menu's entries; `onClose` closes the menu. */
  mobileEntries: (onClose: () => void) => ReactNode;
}

/**
 * Whether the small-screen menu is open, held above the frame: the frame is mounted afresh when
 * the signed-in layout arrives, and a menu opened in the meantime stays open.
 */
export const MenuOpenState = createContext<[boolean, (open: boolean | ((o: boolean) => boolean)) => void] | null>(null);

export function TopBar({ signedIn }: { signedIn?: SignedInParts }) {
  const { user } = useAuth();
  const barUser = useBarUser();
  const ownState = useState(false);
  const [menuOpen, setMenuOpen] = useContext(MenuOpenState) ?? ownState;
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="mr-2 flex min-h-11 items-center gap-2 rounded-md font-semibold text-lg"
          aria-label="Stepwise home"
        >
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          <span>Stepwise</span>
        </Link>
        {barUser && <MainNav adminMenu={signedIn?.adminMenu} />}
        <div className="ml-auto flex items-center gap-1">
          <InstallButton />
          {user && signedIn?.status}
          {barUser ? (
            <div className="hidden xl:block">{(user && signedIn?.account) || <AccountMenuButton disabled />}</div>
          ) : (
            <Button asChild variant="ghost" className="hidden xl:inline-flex">
              <Link to="/auth">
                <LogInIcon aria-hidden />
                Login
              </Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <XIcon aria-hidden /> : <MenuIcon aria-hidden />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        // The small-screen menu: the same entries as the top bar, stacked.
        <nav id="mobile-menu" aria-label="Menu" className="border-t bg-background px-4 pb-4 xl:hidden">
          {user ? (
            signedIn?.mobileEntries(closeMenu)
          ) : (
            <div className="pt-2">
              <NavLink to="/auth" className={navLinkClass}>
                <LogInIcon className="mr-2 size-4" aria-hidden />
                Login
              </NavLink>
            </div>
          )}
        </nav>
      )}
    </header>
  );
}
