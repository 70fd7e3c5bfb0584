import { LogOutIcon, MailPlusIcon, UserIcon } from "lucide-react";
import { NavLink } from "react-router";
import { ADMIN_NAV, MAIN_NAV } from "@/app/nav-items.ts";
import { displayName } from "@/lib/display-name.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { useSignOut } from "@/shared/auth/use-sign-out.ts";
import { Button } from "@/ui/button.tsx";
import { useInviteDialog } from "./invite-dialog-host.tsx";
import { navLinkClass } from "./nav-link-class.ts";

/** The small-screen menu's entries for a signed-in user: the same as the top bar, stacked. */
export function SignedInMobileEntries({ onClose }: { onClose: () => void }) {
  const { user, isAdmin } = useAuth();
  const openInvite = useInviteDialog();
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-1 pt-2">
      {MAIN_NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end className={navLinkClass}>
          {item.label}
        </NavLink>
      ))}
      {isAdmin && (
        <>
          <hr className="my-2" />
          <p className="px-3 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Admin Dashboard
          </p>
          {ADMIN_NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </>
      )}
      <hr className="my-2" />
      <p className="px-3 py-1 text-sm font-semibold">{displayName(user)}</p>
      <NavLink to="/profile" className={navLinkClass}>
        <UserIcon className="mr-2 size-4" aria-hidden />
        Profile
      </NavLink>
      {isAdmin && (
        <Button
          variant="ghost"
          className="justify-start px-3 text-foreground/80"
          onClick={() => {
            onClose();
            openInvite();
          }}
        >
          <MailPlusIcon aria-hidden />
          Invite User
        </Button>
      )}
      <Button variant="ghost" className="justify-start px-3 text-foreground/80" onClick={() => void signOut()}>
        <LogOutIcon aria-hidden />
        Logout
      </Button>
    </div>
  );
}
