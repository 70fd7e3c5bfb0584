import { ChevronRightIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn.ts";

interface DisclosureButtonProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id of what the button shows and hides. */
  controls: string;
  children: ReactNode;
  className?: string;
}

/** A button that shows or hides a region (the WAI-ARIA disclosure pattern), its chevron turned when open. */
export function DisclosureButton({ open, onOpenChange, controls, children, className }: DisclosureButtonProps) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onOpenChange(!open)}
      className={cn(
        "-ml-2 inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md px-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      <ChevronRightIcon className={cn("size-4 shrink-0 transition-transform", open && "rotate-90")} aria-hidden />
      {children}
    </button>
  );
}

interface DisclosureHeadingProps extends Omit<DisclosureButtonProps, "className"> {
  id?: string;
  /** A word on what is inside, shown beside the title ("3"). */
  hint?: ReactNode;
}

/** A section heading whose button shows or hides the section's body. */
export function DisclosureHeading({ id, children, hint, ...button }: DisclosureHeadingProps) {
  return (
    <h3 id={id} className="text-base font-semibold">
      <DisclosureButton {...button}>
        <span>
          {children}
          {hint !== undefined && <span className="ml-1.5 text-sm font-normal text-muted-foreground">{hint}</span>}
        </span>
      </DisclosureButton>
    </h3>
  );
}
