import { HOMEWORK_LIST_HEIGHT_PX, HOMEWORK_SKELETON_CARDS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { useId } from "react";
import { useRememberedOpen } from "@/lib/use-remembered-open.ts";
import { useRecordView } from "@/shared/sync/use-record-view.ts";
import { DisclosureHeading } from "@/ui/disclosure-heading.tsx";
import { Skeleton } from "@/ui/skeleton.tsx";
import { AddHomeworkDialog } from "./add-homework-dialog.tsx";
import { HomeworkCard } from "./homework-card.tsx";
import { useCanChangeHomeworkOf, useHomeworkOf } from "./use-homework.ts";

const m = messages.homework;

/**
 * The Homework Assignments panel (spec section 2): a 250 px scrolling list of one patient's
 * assignments, read from the device store, with Add, and per card Edit and Delete for an admin
 * or the patient's clinician. With `rememberOpenAs`, its heading shows or hides the list (closed at first),
 * and this device remembers the choice under that name.
 */
export function HomeworkPanel({ patientName, rememberOpenAs }: { patientName: string; rememberOpenAs?: string }) {
  const homework = useHomeworkOf(patientName);
  const canChange = useCanChangeHomeworkOf(patientName);
  const headingId = useId();
  const listId = useId();
  const [open, setOpen] = useRememberedOpen(rememberOpenAs ?? "homework", false);
  const collapsible = rememberOpenAs !== undefined;
  const shown = !collapsible || open;
  // The list shown is a read of the patient's homework; a folded list is not.
  useRecordView(shown ? patientName : null, "homework");
  const rows = homework.status === "ready" ? homework.data : [];
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        {collapsible ? (
          <DisclosureHeading
            id={headingId}
            open={open}
            onOpenChange={setOpen}
            controls={listId}
            hint={homework.status === "ready" ? `(${rows.length})` : undefined}
          >
            Homework Assignments
          </DisclosureHeading>
        ) : (
          <h3 id={headingId} className="text-base font-semibold">
            Homework Assignments
          </h3>
        )}
        <AddHomeworkDialog patientName={patientName} latest={rows[0]} disabled={homework.status === "loading"} />
      </div>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard to scroll it
        tabIndex={0}
        id={listId}
        hidden={!shown}
        aria-label="Homework assignments list"
        className="overflow-y-auto rounded-md border p-2 focus-visible:outline-2 focus-visible:outline-ring"
        style={{ height: HOMEWORK_LIST_HEIGHT_PX }}
      >
        {/* A folded list draws no cards: a patient's can be 150 elements on a tablet's main thread. */}
        {shown && (
          <>
            {homework.status === "loading" && (
              <div className="grid gap-2" aria-busy="true">
                <p className="text-sm text-muted-foreground">{m.loading}</p>
                {Array.from({ length: HOMEWORK_SKELETON_CARDS }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Skeleton key={i} data-testid="homework-skeleton" className="h-20 w-full" />
                ))}
              </div>
            )}
            {homework.status === "error" && (
              <p role="alert" className="text-sm text-destructive">
                {m.loadError}
              </p>
            )}
            {homework.status === "ready" && rows.length === 0 && (
              <p className="text-sm text-muted-foreground">{m.empty}</p>
            )}
            {rows.length > 0 && (
              <ul className="grid gap-2">
                {rows.map((row) => (
                  <HomeworkCard key={row.id} homework={row} canChange={canChange} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </section>
  );
}
