import type { Summary } from "@schema/rows.ts";
import { CheckIcon, PrinterIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { formatDate, formatDateTime } from "@/lib/dates.ts";
import { displayName } from "@/lib/display-name.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { ProgressList } from "@/shared/homework/progress-list.tsx";
import { SafetyReview } from "@/shared/summary/safety-review.tsx";
import { useTableArrived } from "@/shared/sync/use-live.ts";
import { Badge } from "@/ui/badge.tsx";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card.tsx";
import { Input } from "@/ui/input.tsx";
import { Label } from "@/ui/label.tsx";
import { SkeletonRegion } from "@/ui/skeleton.tsx";
import { DEFAULT_DAYS, type Digest, type DigestConversation, defaultSince } from "./digest.ts";
import { useDigest, useDiscussed, usePatient } from "./use-digest.ts";

/**
 * Session prep: one patient's digest since a date, read from the device store (works offline),
 * for a tablet before a session or printed on A4 or Letter (the app's bar, the controls and the
 * footer are not printed; no item is split across pages).
 */
export default function SessionPrepPage() {
  const { patientName = "" } = useParams();
  usePageTitle("Session prep");
  const discussed = useDiscussed(patientName);
  // The start waits for the "discussed" mark, so the digest does not first show seven days and then jump.
  if (discussed.at.status === "loading")
    return (
      <SkeletonRegion loading label="Loading session prep…">
        {null}
      </SkeletonRegion>
    );
  const discussedAt = discussed.at.status === "ready" ? discussed.at.data : null;
  return <SessionPrep key={patientName} patientName={patientName} discussedAt={discussedAt} mark={discussed.mark} />;
}

/** "2025-03-05" for a date input, in local time. */
function dayValue(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A date input's "2025-03-05" as that day's local midnight (ms), or null. */
function dayStart(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const ms = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(ms) ? null : ms;
}

function SessionPrep({
  patientName,
  discussedAt,
  mark,
}: {
  patientName: string;
  discussedAt: string | null;
  mark: () => Promise<void>;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [markError, setMarkError] = useState(false);
  const since = chosen ?? defaultSince(Date.now(), discussedAt);
  const digest = useDigest(patientName, since);
  const patient = usePatient(patientName);
  const messagesArrived = useTableArrived("conversation_messages");
  const name = patient.status === "ready" && patient.data ? displayName(patient.data) : patientName;
  const sinceText = chosen === null && discussedAt ? formatDateTime(since) : formatDate(since);

  return (
    <div className="grid gap-6 print:gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold break-words">Session prep: {name}</h1>
        <p className="text-sm text-muted-foreground">
          {name !== patientName && <>{patientName} · </>}Since {sinceText}
          {chosen === null &&
            (discussedAt ? " (when this digest was last marked discussed)" : ` (the last ${DEFAULT_DAYS} days)`)}
          <span className="hidden print:inline"> · printed {formatDateTime(Date.now())}</span>
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="grid gap-2">
          <Label htmlFor="session-prep-since">Since</Label>
          <Input
            id="session-prep-since"
            type="date"
            className="w-44"
            value={dayValue(since)}
            max={dayValue(Date.now())}
            onChange={(e) => {
              const day = dayStart(e.target.value);
              if (day !== null) setChosen(day);
            }}
          />
        </div>
        <Button
          variant="outline"
          onClick={async () => {
            // What is on screen stays on screen; the next digest starts from now.
            setChosen(since);
            try {
              await mark();
              setMarkError(false);
            } catch {
              setMarkError(true);
            }
          }}
        >
          <CheckIcon aria-hidden />
          Mark as discussed
        </Button>
        <Button onClick={() => window.print()}>
          <PrinterIcon aria-hidden />
          Print
        </Button>
        <Button asChild variant="ghost">
          <Link to={`/chat-history?patientName=${encodeURIComponent(patientName)}`}>Open Chat History</Link>
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground print:hidden">
        {markError
          ? "This device could not keep the mark. Try again."
          : discussedAt
            ? `Last marked discussed on this device: ${formatDateTime(discussedAt)}. The next digest starts from then.`
            : ""}
      </p>

      {!messagesArrived && (
        <p className="text-sm text-muted-foreground">
          Conversations are still arriving on this device: the digest may be incomplete.
        </p>
      )}
      <SkeletonRegion loading={digest.status === "loading"} label="Loading session prep…" className="grid gap-6">
        {digest.status === "error" && (
          <p role="alert" className="text-destructive">
            Error loading this patient's digest
          </p>
        )}
        {digest.status === "ready" && <DigestSections digest={digest.data} />}
      </SkeletonRegion>
    </div>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id} role="region" className="print:border-0 print:shadow-none">
      <CardHeader className="print:px-0 print:pt-0 print:pb-2">
        <CardTitle id={id} className="text-lg">
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm print:px-0">{children}</CardContent>
    </Card>
  );
}

const suds = (value: number | null) => (value === null ? "—" : String(value));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function DigestSections({ digest }: { digest: Digest }) {
  const practices = digest.conversations.filter((c) => c.summary).length;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 print:grid-cols-4 print:break-inside-avoid">
        <Count label="Conversations" value={digest.conversations.length} />
        <Count label="Practices summarised" value={practices} />
        <Count label="Safety flags" value={digest.flags.length} />
        <Count label="Homework changes" value={digest.homeworkChanges.length} />
      </dl>

      <Section title="Safety flags">
        {digest.flags.length === 0 ? (
          <p className="text-muted-foreground">No safety flags since this date.</p>
        ) : (
          <FlagList flags={digest.flags} label="Safety flags since this date" />
        )}
        {digest.earlierUnreviewed.length > 0 && (
          <>
            <h3 className="font-semibold">Earlier safety flags not yet reviewed</h3>
            <FlagList flags={digest.earlierUnreviewed} label="Earlier safety flags not yet reviewed" />
          </>
        )}
      </Section>

      <Section
        title="Practices done versus assigned"
        description="Each current assignment with its practices since this date (linked by their exposure practice text), expected → actual peak SUDS and the change from the previous practice."
      >
        {digest.assignments.length === 0 ? (
          <p className="text-muted-foreground">No homework assigned.</p>
        ) : (
          <ul className="grid gap-3">
            {digest.assignments.map(({ homework, steps }) => (
              <li key={homework.id} className="grid gap-2 rounded-md border p-3 break-inside-avoid">
                <h3 className="font-semibold break-words">{homework.exposurePractice}</h3>
                <p>
                  Assigned: {homework.frequency}, {plural(homework.roundNumber, "round")} of {homework.roundDuration}.
                  Done since this date: {plural(steps.length, "practice")}.
                </p>
                <ProgressList
                  steps={steps}
                  label={`Practices of ${homework.exposurePractice} since this date, oldest first`}
                  empty="No practice of this assignment since this date."
                />
              </li>
            ))}
          </ul>
        )}
        {digest.unlinked.length > 0 && (
          <p>
            Not linked to an assignment:{" "}
            {digest.unlinked.map((s) => s.exposure_practice?.trim() || "no exposure named").join("; ")}.
          </p>
        )}
      </Section>

      <Section title="Homework changes">
        {digest.homeworkChanges.length === 0 ? (
          <p className="text-muted-foreground">No homework assigned or changed since this date.</p>
        ) : (
          <ul className="grid gap-1">
            {digest.homeworkChanges.map((c) => (
              <li key={`${c.homework.id}-${c.kind}`} className="break-inside-avoid">
                <span className="font-medium">{c.kind}</span> {formatDateTime(c.at)}: {c.homework.exposurePractice} (
                {c.homework.frequency}, {plural(c.homework.roundNumber, "round")} of {c.homework.roundDuration})
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Conversations" description="Oldest first, with their summaries.">
        {digest.conversations.length === 0 ? (
          <p className="text-muted-foreground">No conversations since this date.</p>
        ) : (
          <ol aria-label="Conversations since this date" className="grid gap-3">
            {digest.conversations.map((c) => (
              <ConversationItem key={c.id} conversation={c} />
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}

/** Flagged summaries with who reviewed each and when, or "Not reviewed" and (on screen) the button that marks it. */
function FlagList({ flags, label }: { flags: Summary[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-2">
      {flags.map((s) => (
        <li key={s.id} className="grid gap-1 rounded-md border p-3 break-inside-avoid">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="destructive">Safety flag</Badge>
            <span>{formatDateTime(s.started_at ?? s.created_at)}</span>
            {!s.safety_reviewed_at && <Badge variant="warning">Not reviewed</Badge>}
          </div>
          {s.exposure_practice && <p className="break-words">Exposure practice: {s.exposure_practice}</p>}
          <div className="print:[&_button]:hidden">
            <SafetyReview summary={s} markable />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

function ConversationItem({ conversation }: { conversation: DigestConversation }) {
  const s = conversation.summary;
  return (
    <li
      aria-label={`Conversation of ${formatDateTime(conversation.at)}`}
      className="grid gap-2 rounded-md border p-3 break-inside-avoid"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{formatDateTime(conversation.at)}</h3>
        {s?.is_safetychecker && <Badge variant="destructive">Safety flag</Badge>}
        {s && (
          <Badge variant={s.is_completed ? "success" : "secondary"}>
            {s.is_completed ? "Completed" : "Not completed"}
          </Badge>
        )}
      </div>
      {s ? <SummaryFacts summary={s} /> : <p className="text-muted-foreground">No summary yet.</p>}
      {conversation.messages > 0 && (
        <p className="text-xs text-muted-foreground">{plural(conversation.messages, "message")} since this date</p>
      )}
    </li>
  );
}

function SummaryFacts({ summary: s }: { summary: Summary }) {
  return (
    <>
      {s.exposure_practice && <p className="font-medium break-words">{s.exposure_practice}</p>}
      {s.summary && <p className="break-words whitespace-pre-line">{s.summary}</p>}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Peak SUDS</dt>
        <dd>
          expected {suds(s.expected_peak_suds)} → actual {suds(s.actual_peak_suds)}
        </dd>
        <dt className="text-muted-foreground">Rounds</dt>
        <dd>
          expected {suds(s.expected_round_number)} → done {suds(s.actual_round_number)}
        </dd>
        {s.targeted_fear && (
          <>
            <dt className="text-muted-foreground">Targeted fear</dt>
            <dd className="break-words">{s.targeted_fear}</dd>
          </>
        )}
      </dl>
    </>
  );
}
