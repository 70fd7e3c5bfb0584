import { ChevronRightIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn.ts";

interface DisclosureHeadingProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id of what the heading shows and hides. */
  controls: string;
  id?: string;
  children: ReactNode;
  /** A word on what is inside, shown beside the title ("3"). */
  hint?: ReactNode;
}

/** A section heading whose button shows or hides the section's body (the WAI-ARIA disclosure pattern). */
export function DisclosureHeading({ open, onOpenChange, controls, id, children, hint }: DisclosureHeadingProps) {
  return (
    <h3 id={id} className="text-base font-semibold">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={controls}
        onClick={() => onOpenChange(!open)}
        className="-ml-2 inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md px-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ChevronRightIcon className={cn("size-4 shrink-0 transition-transform", open && "rotate-90")} aria-hidden />
        <span>
          {children}
          {hint !== undefined && <span className="ml-1.5 text-sm font-normal text-muted-foreground">{hint}</span>}
        </span>
      </button>
    </h3>
  );
}
