import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function ManageUsersPage() {
  usePageTitle("Manage Users");
  return <h1 className="text-2xl font-bold">Manage Users</h1>;
}
