import { usePageTitle } from "@/lib/use-page-title.ts";

/** Placeholder: the screen's owner replaces this page. */
export default function InputPromptPage() {
  usePageTitle("Input Prompt");
  return <h1 className="text-2xl font-bold">Input Prompt</h1>;
}
