import { Link, useLocation } from "react-router";
import { ADMIN_NAV } from "@/app/nav-items.ts";
import { cn } from "@/lib/cn.ts";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/ui/dropdown-menu.tsx";
import { AdminMenuButton } from "./menu-buttons.tsx";

/** The admin pages; the one on screen is marked (aria-current="page"), and so is the menu's button. */
export function AdminMenu() {
  const { pathname } = useLocation();
  // Route matching ignores case and a trailing slash (spec section 2).
  const current = (to: string) => pathname.toLowerCase().replace(/\/+$/, "") === to;
  const onAdminPage = ADMIN_NAV.some((item) => current(item.to));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <AdminMenuButton className={onAdminPage ? "text-primary" : "text-foreground/80"} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {ADMIN_NAV.map((item) => (
          <DropdownMenuItem key={item.to} asChild className={cn(current(item.to) && "font-semibold text-primary")}>
            <Link to={item.to} aria-current={current(item.to) ? "page" : undefined}>
              {item.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
