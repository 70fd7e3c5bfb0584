import type { Homework } from "@schema/rows.ts";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { formatDate } from "@/lib/dates.ts";
import type { Local } from "@/local/index.ts";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Button } from "@/ui/button.tsx";
import { DisclosureButton } from "@/ui/disclosure-heading.tsx";
import { PendingBadge } from "../sync/pending-badge.tsx";
import { exposureProgress } from "./exposure-progress.ts";
import { HomeworkFormBody } from "./homework-form.tsx";
import { editValues } from "./homework-values.ts";
import { ProgressList } from "./progress-list.tsx";
import { useHomeworkActions, useSummariesOf } from "./use-homework.ts";

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-muted-foreground">{label}:</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );
}

/** One assignment: view mode, or edit mode after Edit until Save or Cancel (spec section 4). */
export function HomeworkCard({ homework, canChange }: { homework: Local<Homework>; canChange: boolean }) {
  const [editing, setEditing] = useState(false);
  const [showProgress, setShowProgress] = useState(false);
  const progressId = useId();
  const actions = useHomeworkActions();
  const title = homework.fear || homework.exposurePractice;

  if (editing) {
    return (
      <li className="rounded-md border bg-card p-3">
        <h4 className="mb-2 text-sm font-semibold">Edit homework assignment</h4>
        <HomeworkFormBody
          initial={editValues(homework)}
          submitLabel="Save"
          pendingLabel="Saving..."
          onCancel={() => setEditing(false)}
          onSubmit={async (value) => {
            if (await actions.update(homework.id, value)) setEditing(false);
          }}
        />
      </li>
    );
  }

  return (
    <li className="grid gap-2 rounded-md border bg-card p-3 text-sm" aria-label={`Homework: ${title}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h4 className="font-semibold break-words">{homework.fear || "No fear named"}</h4>
          <PendingBadge row={homework} />
        </div>
        {canChange && (
          <div className="flex gap-1">
            <Button variant="ghost" size="icon" aria-label="Edit homework assignment" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden />
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="icon" aria-label="Delete homework assignment">
                  <Trash2Icon aria-hidden className="text-destructive" />
                </Button>
              }
              title="Delete this homework assignment?"
              description={`"${title}" will be removed for this patient.`}
              confirmLabel="Delete"
              onConfirm={() => void actions.remove(homework.id)}
            />
          </div>
        )}
      </div>
      <dl className="grid gap-1">
        <Detail label="Exposure practice" value={homework.exposurePractice} />
        <Detail label="Frequency" value={homework.frequency} />
        <Detail label="Rounds" value={String(homework.roundNumber)} />
        <Detail label="Duration" value={homework.roundDuration} />
        {homework.safetyBehavior && <Detail label="Safety behavior" value={homework.safetyBehavior} />}
        <Detail label="Assigned" value={formatDate(homework.created_at)} />
      </dl>
      <div className="grid gap-1">
        <DisclosureButton
          open={showProgress}
          onOpenChange={setShowProgress}
          controls={progressId}
          className="w-fit font-medium"
        >
          {showProgress ? "Hide progress" : "Show progress"}
        </DisclosureButton>
        <div id={progressId} hidden={!showProgress}>
          {showProgress && <HomeworkProgress homework={homework} />}
        </div>
      </div>
    </li>
  );
}

/** The practices linked to one assignment (read only while shown): peaks in date order and their change. */
function HomeworkProgress({ homework }: { homework: Homework }) {
  const summaries = useSummariesOf(homework.patientName);
  if (summaries.status === "loading") return <p className="text-sm text-muted-foreground">Loading practices…</p>;
  if (summaries.status === "error")
    return (
      <p role="alert" className="text-sm text-destructive">
        Error loading this assignment's practices
      </p>
    );
  return (
    <ProgressList
      steps={exposureProgress(homework, summaries.data)}
      label={`Practices of ${homework.exposurePractice}, oldest first`}
    />
  );
}
