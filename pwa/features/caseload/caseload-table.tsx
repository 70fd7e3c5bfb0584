import { Link } from "react-router";
import { formatDate } from "@/lib/dates.ts";
import { Badge } from "@/ui/badge.tsx";
import { SkeletonRows } from "@/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/ui/table.tsx";
import { type CaseloadEntry, stalledText } from "./rules.ts";
import { Sparkline } from "./sparkline.tsx";

const COLUMNS = ["Patient", "Needs attention", "Last practice", "Homework", "SUDS", "Prepare"];

/** One page of the Caseload; undefined while the device store is read (rows of the real height hold the place). */
export function CaseloadTable({ rows, loadingRows }: { rows: CaseloadEntry[] | undefined; loadingRows: number }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableHead key={c}>{c}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {!rows && <SkeletonRows rows={loadingRows} columns={COLUMNS.length} height="h-7" />}
        {rows?.map((row) => (
          // The row is the patient's link (stretched over it), so a tap anywhere opens their Chat History.
          <TableRow key={row.patientId} className="relative cursor-pointer">
            <TableCell className="font-medium">
              <Link
                to={`/chat-history?patientName=${encodeURIComponent(row.username)}`}
                className="underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                {row.name}
              </Link>
              {row.name !== row.username && <div className="text-xs text-muted-foreground">{row.username}</div>}
            </TableCell>
            <TableCell>
              <Reasons row={row} />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {row.lastPractice === null ? "None yet" : formatDate(row.lastPractice)}
            </TableCell>
            <TableCell>{row.homeworkCount}</TableCell>
            <TableCell>
              <Sparkline peaks={row.sparkline} />
            </TableCell>
            <TableCell>
              {/* Above the row's stretched link, so a tap here opens the digest, anywhere else Chat History. */}
              <Link
                to={`/patients/${encodeURIComponent(row.username)}/session-prep`}
                aria-label={`Session prep for ${row.name}`}
                className="relative z-10 inline-flex min-h-11 items-center rounded-md px-2 whitespace-nowrap text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                Session prep
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Reasons({ row }: { row: CaseloadEntry }) {
  const none = row.safetyFlags === 0 && row.stalled.length === 0 && !row.quiet;
  if (none) return <span className="text-muted-foreground">Nothing flagged</span>;
  return (
    <div className="grid justify-items-start gap-1">
      {row.safetyFlags > 0 && (
        <Badge variant="destructive">Safety risk{row.safetyFlags > 1 ? ` (${row.safetyFlags} summaries)` : ""}</Badge>
      )}
      {row.stalled.length > 0 && (
        <>
          <Badge variant="warning">Not on track</Badge>
          {row.stalled.map((s) => (
            <span key={s.exposure} className="text-xs text-muted-foreground">
              Actual peak SUDS, {stalledText(s)}
            </span>
          ))}
        </>
      )}
      {row.quiet && (
        <Badge variant="secondary">
          {row.lastPractice === null
            ? "Quiet: no practice yet"
            : `Quiet: ${row.daysQuiet} ${row.daysQuiet === 1 ? "day" : "days"}`}
        </Badge>
      )}
    </div>
  );
}
