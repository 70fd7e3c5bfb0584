import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function LandingPage() {
  usePageTitle("Stepwise");
  return <h1 className="text-2xl font-bold">Stepwise</h1>;
}
