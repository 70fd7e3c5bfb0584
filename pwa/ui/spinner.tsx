import { clsx } from "clsx";
import { Loader2Icon } from "lucide-react";

/** A spinning icon with an accessible label; `label` is read by screen readers only. */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2Icon className={clsx("spinner", className)} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The full-area spinner shown while a page or the session loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}
