import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function AgentKeysPage() {
  usePageTitle("Agent Keys");
  return <h1 className="text-2xl font-bold">Agent Keys</h1>;
}
