import { formatDate } from "@/lib/dates.ts";
import { changeText, type ProgressStep } from "./exposure-progress.ts";

const suds = (value: number | null) => (value === null ? "—" : String(value));

/** What the list says when no summary is linked to the assignment. */
export const NO_PRACTICES_LINKED =
  "No practices linked yet: a practice shows here once its summary names this exposure.";

/**
 * An assignment's linked practices, oldest first: date, expected → actual peak SUDS, and the change
 * from the previous practice's actual peak ("−10"). Used by the homework card and the session-prep digest.
 */
export function ProgressList({
  steps,
  label,
  empty = NO_PRACTICES_LINKED,
}: {
  steps: ProgressStep[];
  label: string;
  /** What to say when `steps` is empty. */
  empty?: string;
}) {
  if (steps.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol aria-label={label} className="grid gap-1 text-sm">
      {steps.map((step) => (
        <li key={step.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 break-inside-avoid">
          <span className="min-w-36 text-muted-foreground">{formatDate(step.at)}</span>
          <span>
            Peak SUDS expected {suds(step.expectedPeak)} → actual {suds(step.actualPeak)}
          </span>
          {step.change !== null && (
            <span
              className={
                step.change < 0 ? "font-medium text-green-800" : step.change > 0 ? "font-medium text-amber-900" : ""
              }
            >
              {changeText(step.change)}
              <span className="sr-only"> from the previous practice</span>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
