import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function ConversationSummariesPage() {
  usePageTitle("Conversation Summaries");
  return <h1 className="text-2xl font-bold">Conversation Summaries</h1>;
}
