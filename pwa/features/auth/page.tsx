import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function AuthPage() {
  usePageTitle("Admin Access");
  return <h1 className="text-2xl font-bold">Admin Access</h1>;
}
