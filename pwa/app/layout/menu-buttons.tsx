import { ChevronDownIcon, UserIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { displayName } from "@/lib/display-name.ts";
import { useBarUser } from "@/shared/auth/auth-context.tsx";
import { Button } from "@/ui/button.tsx";

/**
 * The top bar's menu buttons. The menus (Radix dropdowns) load after the page; until they do, the
 * same button, disabled, holds their place, so the bar looks whole from the first paint and
 * nothing moves when they arrive.
 */
export function AccountMenuButton(props: ComponentProps<typeof Button>) {
  const user = useBarUser();
  const name = user ? displayName(user) : "";
  return (
    <Button variant="ghost" aria-label={`Account menu for ${name}`} {...props}>
      <UserIcon aria-hidden />
      <span className="max-w-48 truncate">{name}</span>
      <ChevronDownIcon aria-hidden />
    </Button>
  );
}

export function AdminMenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" {...props}>
      Admin Dashboard
      <ChevronDownIcon aria-hidden />
    </Button>
  );
}
