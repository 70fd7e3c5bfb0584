import { GENDER_LABELS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import type { Patient } from "@schema/rows.ts";
import { BookOpenIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { memo } from "react";
import { ROWS_PER_FRAME, useDrawnCount } from "@/lib/use-drawn-count.ts";
import type { Local } from "@/local/index.ts";
import { PendingBadge } from "@/shared/sync/pending-badge.tsx";
import { Button } from "@/ui/button.tsx";
import { SkeletonRows } from "@/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/ui/table.tsx";

/** As many as the table draws first, so its first rows take the placeholders' place exactly. */
const LOADING_ROWS = ROWS_PER_FRAME;

export const nameOf = (p: Patient) => `${p.first_name} ${p.last_name}`;

/** What a row's buttons open. One object for the page's life: rows already drawn skip each render of the table. */
export interface PatientRowActions {
  onHomework: (patient: Patient) => void;
  onEdit: (patient: Patient) => void;
  /** Asks first: the page holds one confirmation for every row (a dialog each weighed on the table's first render). */
  onDelete: (patient: Patient) => void;
}

interface PatientsTableProps {
  /** Undefined while the device store is read: rows of the real height hold the table's place. */
  patients: Local<Patient>[] | undefined;
  actions: PatientRowActions;
}

/**
 * The table's columns are set by its header (fixed table layout), not measured from every row: as
 * rows are drawn five a frame, an automatic layout measured every cell drawn before them again, and
 * each frame of a 50-row page took 50–100 ms of a 4× slowed tablet's main thread with no sync under
 * way (device bench, --screens); and the columns moved as wider rows came. The fixed columns fit
 * their content (a Homework button, two icon buttons of a fingertip's size, "Do not want to say" on
 * two lines at most); name and username share the rest, and wrap a long word instead of running
 * into the next column. Narrower than its minimum, the table scrolls sideways inside its card, as an
 * automatic one did.
 */
export function PatientsTable({ patients, actions }: PatientsTableProps) {
  const drawn = useDrawnCount(patients?.length ?? 0);
  return (
    <Table className="min-w-[44rem] table-fixed">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Username</TableHead>
          <TableHead className="w-14">Age</TableHead>
          <TableHead className="w-32">Gender</TableHead>
          <TableHead className="w-36">Homework</TableHead>
          <TableHead className="w-30">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {!patients && <SkeletonRows rows={LOADING_ROWS} columns={6} height="h-11" />}
        {patients?.slice(0, drawn).map((p) => (
          <PatientRow key={p.id} patient={p} actions={actions} />
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * One patient's row. Memoized: the table draws its rows five a frame (useDrawnCount), and each step
 * rendered every row drawn before it again, icons and all: about four renders a row over a
 * caseload's first page (a profiled first sync), most of them after the clinician had moved on.
 */
const PatientRow = memo(function PatientRow({
  patient: p,
  actions,
}: {
  patient: Local<Patient>;
  actions: PatientRowActions;
}) {
  return (
    <TableRow>
      <TableCell className="font-medium wrap-anywhere">
        <div className="grid justify-items-start gap-1">
          {nameOf(p)}
          <PendingBadge
            row={p}
            // A row the server never confirmed was an add; otherwise the refused change was an edit.
            failedLabel={p.version === 0 ? messages.patients.addFailed : messages.patients.updateFailed}
          />
        </div>
      </TableCell>
      <TableCell className="wrap-anywhere">{p.username}</TableCell>
      <TableCell>{p.age}</TableCell>
      <TableCell>{GENDER_LABELS[p.gender] ?? p.gender}</TableCell>
      <TableCell>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Homework for ${nameOf(p)}`}
          onClick={() => actions.onHomework(p)}
        >
          <BookOpenIcon aria-hidden />
          Homework
        </Button>
      </TableCell>
      <TableCell>
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit ${nameOf(p)}`} onClick={() => actions.onEdit(p)}>
            <PencilIcon aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Delete ${nameOf(p)}`} onClick={() => actions.onDelete(p)}>
            <Trash2Icon aria-hidden className="text-destructive" />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
});
