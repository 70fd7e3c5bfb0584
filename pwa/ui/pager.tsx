import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { cn } from "@/lib/cn.ts";
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

const count = (n: number) => n.toLocaleString("en");

/** "Showing 1–50 of 1,000" with Previous and Next: one page of a long list in the DOM at a time. */
export function Pager({ label, page, pageSize, total, onPage, className }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label={label} className={cn("flex flex-wrap items-center justify-between gap-2 text-sm", className)}>
      <span aria-live="polite">
        Showing {count(first)}–{count(last)} of {count(total)}
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 0} onClick={() => onPage(page - 1)}>
          <ChevronLeftIcon aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
