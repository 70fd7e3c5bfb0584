import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "@/lib/cn.ts";
import { formatCount } from "@/lib/numbers.ts";
import { Button } from "./button.tsx";

interface PagerProps {
  /** The nav's accessible name, e.g. "Patient pages". */
  label: string;
  /** The page shown, from 0. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  className?: string;
}

/** "Showing 1–50 of 1,000" with Previous and Next: one page of a long list in the DOM at a time. */
export function Pager({ label, page, pageSize, total, onPage, className }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  const nav = useRef<HTMLElement>(null);
  const moved = useRef(false);
  const go = (to: number) => {
    moved.current = true;
    onPage(to);
  };
  // Reaching the first or last page disables the button just pressed: a keyboard user keeps focus in
  // the pager, on the button that still works, instead of being dropped at the top of the document.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each page change, page is the trigger
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const focused = document.activeElement;
    if (focused instanceof HTMLButtonElement && !focused.disabled && nav.current?.contains(focused)) return;
    nav.current?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
  }, [page]);
  return (
    <nav
      ref={nav}
      aria-label={label}
      className={cn("flex flex-wrap items-center justify-between gap-2 text-sm", className)}
    >
      <span aria-live="polite">
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 0} onClick={() => go(page - 1)}>
          <ChevronLeftIcon aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages - 1} onClick={() => go(page + 1)}>
          Next
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
