import { messages } from "@schema/messages.ts";
import { Link } from "react-router";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { Button } from "@/ui/button.tsx";

export function NotFound() {
  usePageTitle("Page not found");
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{messages.generic.notFoundPage}</h1>
      <p className="text-muted-foreground">The page you were looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Go to the home page</Link>
      </Button>
    </div>
  );
}
