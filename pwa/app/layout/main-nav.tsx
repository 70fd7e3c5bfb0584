import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { MAIN_NAV } from "@/app/nav-items.ts";
import { useBarUser } from "@/shared/auth/auth-context.tsx";
import { AdminMenuButton } from "./menu-buttons.tsx";
import { navLinkClass } from "./nav-link-class.ts";

/**
 * The wide-screen navigation of a signed-in user. Its links are plain links, there from the first
 * paint; the Admin Dashboard menu (a Radix dropdown) loads with the signed-in layout, and its
 * disabled button holds the place until then.
 */
export function MainNav({ adminMenu }: { adminMenu?: ReactNode }) {
  const isAdmin = useBarUser()?.role === "admin";
  return (
    <nav aria-label="Main" className="hidden shrink-0 items-center gap-1 xl:flex">
      {MAIN_NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end className={navLinkClass}>
          {item.label}
        </NavLink>
      ))}
      {isAdmin && (adminMenu ?? <AdminMenuButton disabled className="text-foreground/80" />)}
    </nav>
  );
}
