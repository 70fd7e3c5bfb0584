import { ChevronDownIcon, LogOutIcon, MailPlusIcon, UserIcon } from "lucide-react";
import { Link } from "react-router";
import { useAuth } from "@/app/auth/auth-context.tsx";
import { displayName } from "@/lib/display-name.ts";
import { Button } from "@/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/ui/dropdown-menu.tsx";
import { useInviteDialog } from "./invite-dialog-host.tsx";
import { useSignOut } from "./use-sign-out.ts";

export default function AccountMenu() {
  const { user, isAdmin } = useAuth();
  const openInvite = useInviteDialog();
  const signOut = useSignOut();
  if (!user) return null;
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" aria-label={`Account menu for ${name}`}>
          <UserIcon aria-hidden />
          <span className="max-w-48 truncate">{name}</span>
          <ChevronDownIcon aria-hidden />
        </Button>
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
