import { LogOutIcon, MailPlusIcon, UserIcon } from "lucide-react";
import { Link } from "react-router";
import { displayName } from "@/lib/display-name.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { useSignOut } from "@/shared/auth/use-sign-out.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/ui/dropdown-menu.tsx";
import { useInviteDialog } from "./invite-dialog-host.tsx";
import { AccountMenuButton } from "./menu-buttons.tsx";

export default function AccountMenu() {
  const { user, isAdmin } = useAuth();
  const openInvite = useInviteDialog();
  const signOut = useSignOut();
  if (!user) return null;
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <AccountMenuButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="truncate">{name}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserIcon aria-hidden />
            Profile
          </Link>
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem onSelect={openInvite}>
            <MailPlusIcon aria-hidden />
            Invite User
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOutIcon aria-hidden />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
