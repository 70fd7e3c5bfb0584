import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function PromptHistoryPage() {
  usePageTitle("Prompt History");
  return <h1 className="text-2xl font-bold">Prompt History</h1>;
}
