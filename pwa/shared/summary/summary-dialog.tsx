import { messages } from "@schema/messages.ts";
import type { Summary } from "@schema/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import type { ReactNode } from "react";
import { useStore } from "@/app/sync/sync-context.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { Badge } from "@/ui/badge.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";
import { Spinner } from "@/ui/spinner.tsx";

interface SummaryDialogProps {
  conversationId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Conversation Summaries page's dialog shows every field, so also when the session started and ended. */
  withTimes?: boolean;
}

/** The Conversation Summary dialog, read from the device store (a summary's id is its conversation's id). */
export function SummaryDialog({ conversationId, open, onOpenChange, withTimes = false }: SummaryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Conversation Summary</DialogTitle>
          <DialogDescription className="break-all">{conversationId}</DialogDescription>
        </DialogHeader>
        {open && conversationId && <SummaryBody conversationId={conversationId} withTimes={withTimes} />}
      </DialogContent>
    </Dialog>
  );
}

const NA = "N/A";
const show = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === "" ? NA : String(value);
const minutes = (value: number | null | undefined) => (value === null || value === undefined ? NA : `${value} minutes`);
const when = (value: string | null) => (value ? formatDateTime(value) : NA);

function SummaryBody({ conversationId, withTimes }: { conversationId: string; withTimes: boolean }) {
  const store = useStore();
  // undefined while reading; null when the device holds no summary for this conversation.
  const summary = useLiveQuery(
    async () => (await store.conversation_summaries.get(conversationId)) ?? null,
    [store, conversationId],
  );
  if (summary === undefined) return <Spinner />;
  if (summary === null) return <p className="text-muted-foreground">{messages.summaries.noneForConversation}</p>;
  return <SummaryDetails summary={summary} withTimes={withTimes} />;
}

export function SummaryDetails({ summary: s, withTimes = false }: { summary: Summary; withTimes?: boolean }) {
  return (
    <div className="grid gap-5 text-sm">
      <div className="flex flex-wrap gap-2">
        {s.is_patient_override && <Badge variant="secondary">Patient Override</Badge>}
        {s.is_adjusted_in_the_middle && <Badge variant="secondary">Adjusted in Middle</Badge>}
        {s.is_safetychecker && <Badge variant="destructive">Safety Risk</Badge>}
        {s.is_completed ? <Badge variant="success">Completed</Badge> : <Badge variant="warning">In Progress</Badge>}
      </div>
      {s.summary && <p className="whitespace-pre-wrap">{s.summary}</p>}
      <Section title="Pre-Exposure (collected from the patient)">
        <Field label="Exposure Practice" value={show(s.exposure_practice)} />
        <Field label="Targeted Fear" value={show(s.targeted_fear)} />
        <Field label="Treatment Goal" value={show(s.treatment_goal)} />
        <Field label="Safety Behaviors" value={show(s.safety_behaviors)} />
        <Field label="Worst Case Outcome" value={show(s.worst_case_outcome)} />
      </Section>
      <Section title="Metrics">
        <Field label="Expected SUDS" value={show(s.expected_peak_suds)} />
        <Field label="Actual SUDS" value={show(s.actual_peak_suds)} />
        <Field label="Expected Rounds" value={show(s.expected_round_number)} />
        <Field label="Actual Rounds" value={show(s.actual_round_number)} />
        <Field label="Expected Duration" value={minutes(s.expected_round_duration)} />
        <Field label="Actual Duration" value={minutes(s.actual_average_duration)} />
      </Section>
      <Section title="Post-Exposure (evaluated by agent)">
        <Field label="Did the patient find this helpful (0-5)" value={show(s.is_patient_think_helpful)} />
        <Field label="Willingness to Continue (0-5)" value={show(s.willingness_to_continue)} />
        <Field label="Number of times that user initiated a check-in" value={show(s.number_of_times_checking_in)} />
      </Section>
      {withTimes && (
        <Section title="Session">
          <Field label="Started" value={when(s.started_at)} />
          <Field label="Ended" value={when(s.ended_at)} />
        </Section>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">{title}</h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">{children}</dl>
    </section>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </>
  );
}
