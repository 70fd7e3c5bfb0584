import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { type Summary, SummaryRow } from "@schema/rows.ts";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import * as v from "valibot";
import { ApiError, api, errorMessage } from "@/lib/api.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { useOnline } from "@/lib/use-online.ts";
import type { Local } from "@/local/index.ts";
import { useStore } from "@/shared/sync/sync-context.ts";
import { useLive } from "@/shared/sync/use-live.ts";
import { useRecordView } from "@/shared/sync/use-record-view.ts";
import { Badge } from "@/ui/badge.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";
import { Spinner } from "@/ui/spinner.tsx";
import { SafetyReview } from "./safety-review.tsx";

interface SummaryDialogProps {
  conversationId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Conversation Summaries page's dialog shows every field, so also when the session started and ended. */
  withTimes?: boolean;
  /** What it says when there is no summary: Chat History's text unless the screen has its own. */
  missing?: string;
}

/** The Conversation Summary dialog, read from the device store (a summary's id is its conversation's id), else the server. */
export function SummaryDialog({
  conversationId,
  open,
  onOpenChange,
  withTimes = false,
  missing = messages.summaries.noneForConversation,
}: SummaryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Conversation Summary</DialogTitle>
          <DialogDescription className="break-all">{conversationId}</DialogDescription>
        </DialogHeader>
        {open && conversationId && (
          <SummaryBody conversationId={conversationId} withTimes={withTimes} missing={missing} />
        )}
      </DialogContent>
    </Dialog>
  );
}

const NA = "N/A";
const show = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === "" ? NA : String(value);
const minutes = (value: number | null | undefined) => (value === null || value === undefined ? NA : `${value} minutes`);
const when = (value: string | null) => (value ? formatDateTime(value) : NA);

/** Spec: a 404 gives no summary; other answers fail with "Failed to fetch conversation summary". */
async function fetchSummary(id: string): Promise<Summary | null> {
  try {
    return v.parse(SummaryRow, await api(`/api/conversation-summaries/${encodeURIComponent(id)}`));
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") return null;
    throw new Error(`${messages.summaries.oneFailed}: ${errorMessage(err, messages.summaries.oneFailed)}`);
  }
}

/**
 * From the device store, else (online) from the server: the agent may have just sent a summary the
 * device has not pulled yet. `missing` is the screen's text for none (Chat History's or the Summaries page's).
 */
function SummaryBody({
  conversationId,
  withTimes,
  missing,
}: {
  conversationId: string;
  withTimes: boolean;
  missing: string;
}) {
  const store = useStore();
  const online = useOnline();
  // Ready with null when the device holds no summary for this conversation: then the server is asked.
  const read = useLive(
    async () => (await store.conversation_summaries.get(conversationId)) ?? null,
    [store, conversationId],
  );
  const local = read.status === "ready" ? read.data : undefined;
  const remote = useQuery({
    queryKey: ["/api/conversation-summaries", conversationId],
    queryFn: () => fetchSummary(conversationId),
    enabled: local === null && online,
    staleTime: TIMINGS.conversationsFreshMs,
    retry: 1,
  });
  const summary = local ?? remote.data;
  // Only a summary on this device can be marked reviewed (through its outbox); one read from the server arrives with the next pull.
  if (summary) return <SummaryDetails summary={summary} withTimes={withTimes} markable={Boolean(local)} />;
  if (read.status === "loading" || (local === null && online && remote.isPending)) return <Spinner />;
  // The device store failing to read (closed, evicted) is told like the server failing.
  const failed = read.status === "error" ? read.error : remote.error;
  if (failed) {
    return (
      <div className="grid gap-1">
        <p className="text-destructive">{messages.summaries.detailError}</p>
        <p className="text-xs text-muted-foreground">{errorMessage(failed, messages.summaries.detailError)}</p>
      </div>
    );
  }
  return <p className="text-muted-foreground">{missing}</p>;
}

function SummaryDetails({
  summary: s,
  withTimes = false,
  markable,
}: {
  summary: Local<Summary>;
  withTimes?: boolean;
  markable: boolean;
}) {
  useRecordView(s.patient_name, "summary", s.id);
  return (
    <div className="grid gap-5 text-sm">
      <div className="flex flex-wrap gap-2">
        {s.is_patient_override && <Badge variant="secondary">Patient Override</Badge>}
        {s.is_adjusted_in_the_middle && <Badge variant="secondary">Adjusted in Middle</Badge>}
        {s.is_safetychecker && <Badge variant="destructive">Safety Risk</Badge>}
        {s.is_completed ? <Badge variant="success">Completed</Badge> : <Badge variant="warning">In Progress</Badge>}
      </div>
      <SafetyReview summary={s} markable={markable} />
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
