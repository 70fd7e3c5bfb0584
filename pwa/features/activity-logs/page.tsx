import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function ActivityLogsPage() {
  usePageTitle("Activity Logs");
  return <h1 className="text-2xl font-bold">Activity Logs</h1>;
}
