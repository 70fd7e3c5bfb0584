import { NavLink } from "react-router";
import { useAuth } from "@/app/auth/auth-context.tsx";
import { MAIN_NAV } from "@/app/nav-items.ts";
import { AdminMenu } from "./admin-menu.tsx";
import { navLinkClass } from "./nav-link-class.ts";

/** The wide-screen navigation of a signed-in user; loaded only once someone is signed in. */
export default function SignedInNav() {
  const { isAdmin } = useAuth();
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      {MAIN_NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end className={navLinkClass}>
          {item.label}
        </NavLink>
      ))}
      {isAdmin && <AdminMenu />}
    </nav>
  );
}
