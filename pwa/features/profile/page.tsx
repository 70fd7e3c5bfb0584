import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function ProfilePage() {
  usePageTitle("Profile");
  return <h1 className="text-2xl font-bold">Profile</h1>;
}
