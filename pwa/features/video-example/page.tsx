import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function VideoExamplePage() {
  usePageTitle("Video Example");
  return <h1 className="text-2xl font-bold">Video Example</h1>;
}
