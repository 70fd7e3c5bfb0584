import { SUMMARY_PREVIEW } from "@schema/constants.ts";
import type { Summary } from "@schema/rows.ts";
import { EyeIcon, Trash2Icon } from "lucide-react";
import { useMemo } from "react";
import { formatDateTime } from "@/lib/dates.ts";
import type { Local } from "@/local/index.ts";
import { PendingBadge } from "@/shared/sync/pending-badge.tsx";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Badge } from "@/ui/badge.tsx";
import { Button } from "@/ui/button.tsx";
import { SkeletonRows } from "@/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/ui/table.tsx";

const NA = "N/A";
const text = (value: string | number | null) => (value === null || value === "" ? NA : String(value));

/** The time below the date, so two time columns fit beside nine others. */
function When({ value }: { value: string | null }) {
  if (!value) return NA;
  const full = formatDateTime(value);
  const cut = full.lastIndexOf(" ");
  return (
    <>
      <span className="block">{full.slice(0, cut)}</span>
      <span className="block text-muted-foreground">{full.slice(cut + 1)}</span>
    </>
  );
}

/** Kept in view at the right edge while the table scrolls sideways on a narrow screen. */
const STUCK = "sticky right-0 bg-card shadow-[inset_1px_0_0_var(--color-border)]";

/**
 * For each id, its shortest beginning (8 characters at least) that no other id in the list shares,
 * so rows can be told apart in a narrow column: "59a5ef95" for UUIDs, more where ids share a prefix.
 */
export function distinctIds(ids: string[]): Map<string, string> {
  const sorted = [...ids].sort();
  const common = (a = "", b = "") => {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    return i;
  };
  const shown = new Map<string, string>();
  sorted.forEach((id, i) => {
    const length = Math.max(8, common(id, sorted[i - 1]) + 1, common(id, sorted[i + 1]) + 1);
    shown.set(id, length >= id.length ? id : `${id.slice(0, length)}…`);
  });
  return shown;
}

/** The spec's 50-character preview of the summary text. */
const preview = (summary: string | null) =>
  !summary ? NA : summary.length > SUMMARY_PREVIEW ? `${summary.slice(0, SUMMARY_PREVIEW)}...` : summary;

const COLUMNS = [
  "ID",
  "Summary",
  "Exposure Practice",
  "Targeted Fear",
  "Treatment Goal",
  "Expected SUDS",
  "Actual SUDS",
  "Started",
  "Ended",
  "Status",
];

interface SummariesTableProps {
  summaries: Local<Summary>[];
  /** Every id of the list (all pages), to shorten each id only as far as it stays unique. */
  allIds: string[];
  /** While the device store is read: this many rows of the real height hold the table's place. */
  loadingRows?: number;
  canDelete: boolean;
  onView: (id: string) => void;
  onDelete: (id: string) => void;
}

export function SummariesTable({
  summaries,
  allIds,
  loadingRows = 0,
  canDelete,
  onView,
  onDelete,
}: SummariesTableProps) {
  const shortIds = useMemo(() => distinctIds(allIds), [allIds]);
  return (
    // Tighter cells: eleven columns share the card's width.
    <Table className="[&_td]:px-2 [&_th]:px-2">
      <TableHeader>
        <TableRow>
          {COLUMNS.map((label) => (
            <TableHead key={label} className={label.endsWith("SUDS") ? "whitespace-normal" : undefined}>
              {label}
            </TableHead>
          ))}
          <TableHead className={STUCK}>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <SkeletonRows rows={loadingRows} columns={COLUMNS.length + 1} height="h-11" />
        {summaries.map((s) => (
          <TableRow key={s.id}>
            <TableCell className="max-w-40 min-w-[calc(9ch+1rem)] font-mono text-xs break-all" title={s.id}>
              {shortIds.get(s.id) ?? s.id}
            </TableCell>
            <TableCell className="min-w-32">{preview(s.summary)}</TableCell>
            <TableCell>{text(s.exposure_practice)}</TableCell>
            <TableCell>{text(s.targeted_fear)}</TableCell>
            <TableCell>{text(s.treatment_goal)}</TableCell>
            <TableCell>{text(s.expected_peak_suds)}</TableCell>
            <TableCell>{text(s.actual_peak_suds)}</TableCell>
            <TableCell>
              <When value={s.started_at} />
            </TableCell>
            <TableCell>
              <When value={s.ended_at} />
            </TableCell>
            <TableCell>
              <div className="grid justify-items-start gap-1">
                {s.is_completed ? (
                  <Badge variant="success">Completed</Badge>
                ) : (
                  <Badge variant="secondary">In Progress</Badge>
                )}
                {s.is_safetychecker && <Badge variant="destructive">Safety Risk</Badge>}
                <PendingBadge row={s} />
              </div>
            </TableCell>
            <TableCell className={STUCK}>
              <div className="flex justify-end gap-1">
                <Button variant="ghost" size="icon" aria-label={`View summary ${s.id}`} onClick={() => onView(s.id)}>
                  <EyeIcon aria-hidden />
                </Button>
                {canDelete && (
                  <ConfirmDialog
                    trigger={
                      <Button variant="ghost" size="icon" aria-label={`Delete summary ${s.id}`}>
                        <Trash2Icon aria-hidden className="text-destructive" />
                      </Button>
                    }
                    title="Delete this summary?"
                    description="The conversation summary is removed for everyone. This cannot be undone."
                    confirmLabel="Delete"
                    onConfirm={() => onDelete(s.id)}
                  />
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
