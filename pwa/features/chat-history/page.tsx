import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function ChatHistoryPage() {
  usePageTitle("Chat History");
  return <h1 className="text-2xl font-bold">Chat History</h1>;
}
