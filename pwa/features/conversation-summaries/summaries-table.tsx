import { SUMMARY_PREVIEW } from "@schema/constants.ts";
import type { Summary } from "@schema/rows.ts";
import { EyeIcon, Trash2Icon } from "lucide-react";
import { formatDateTime } from "@/lib/dates.ts";
import type { Local } from "@/local/index.ts";
import { PendingBadge } from "@/shared/sync/pending-badge.tsx";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Badge } from "@/ui/badge.tsx";
import { Button } from "@/ui/button.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/ui/table.tsx";

const NA = "N/A";
const text = (value: string | number | null) => (value === null || value === "" ? NA : String(value));
const when = (value: string | null) => (value ? formatDateTime(value) : NA);

/** The spec's 50-character preview of the summary text. */
export const preview = (summary: string | null) =>
  !summary ? NA : summary.length > SUMMARY_PREVIEW ? `${summary.slice(0, SUMMARY_PREVIEW)}...` : summary;

interface SummariesTableProps {
  summaries: Local<Summary>[];
  canDelete: boolean;
  onView: (id: string) => void;
  onDelete: (id: string) => void;
}

export function SummariesTable({ summaries, canDelete, onView, onDelete }: SummariesTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {[
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
          ].map((label) => (
            <TableHead key={label}>{label}</TableHead>
          ))}
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {summaries.map((s) => (
          <TableRow key={s.id}>
            <TableCell className="font-mono text-xs" title={s.id}>
              {s.id.slice(0, 8)}
            </TableCell>
            <TableCell className="min-w-56">{preview(s.summary)}</TableCell>
            <TableCell className="min-w-40">{text(s.exposure_practice)}</TableCell>
            <TableCell className="min-w-32">{text(s.targeted_fear)}</TableCell>
            <TableCell className="min-w-32">{text(s.treatment_goal)}</TableCell>
            <TableCell>{text(s.expected_peak_suds)}</TableCell>
            <TableCell>{text(s.actual_peak_suds)}</TableCell>
            <TableCell className="whitespace-nowrap">{when(s.started_at)}</TableCell>
            <TableCell className="whitespace-nowrap">{when(s.ended_at)}</TableCell>
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
            <TableCell>
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
