import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn.ts";
import { TableCell, TableRow } from "./table.tsx";

/**
 * A grey, pulsing block standing in for content that is still being read. It is hidden from
 * assistive technology: the region around it says "Loading…" once (SkeletonRegion).
 */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}

/**
 * Wraps content that fills from the device store. While `loading`, its skeletons hold the content's
 * final size, so nothing moves when it arrives, and assistive technology hears `label` once
 * instead of a list of blank shapes. The wrapper stays when loading ends, so its content is not
 * mounted twice.
 */
export function SkeletonRegion({
  loading,
  label = "Loading…",
  className,
  children,
}: {
  loading: boolean;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div aria-busy={loading} className={className}>
      <span role="status" className="sr-only">
        {loading ? label : ""}
      </span>
      {children}
    </div>
  );
}

/**
 * Table rows of the table's real row height, inside the real table under its real header, so the
 * columns and the card keep their size when the rows arrive. `height` is the tallest cell content
 * of a real row: `h-11` for rows with buttons (44 px touch targets), `h-5` for rows of text.
 * Announce loading outside the table (a status inside a table row is not read reliably).
 *
 * Each row pulses, not each of its blocks: every pulse is an animation the browser composites and
 * reports to the page as it starts and ends (through React's root listener), and Manage Patients'
 * five loading rows had thirty of them.
 */
export function SkeletonRows({ rows, columns, height }: { rows: number; columns: number; height: string }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <TableRow key={row} aria-hidden className="animate-pulse hover:bg-transparent motion-reduce:animate-none">
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <TableCell key={column}>
          <div className={cn("w-full min-w-8 rounded-md bg-muted", height)} />
        </TableCell>
      ))}
    </TableRow>
  ));
}
