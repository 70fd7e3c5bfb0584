import { type Homework, type Message, type Summary, unreviewedSafetyFlag } from "@schema/rows.ts";
import { compareText } from "@/lib/compare.ts";
import {
  byPracticeTime,
  exposureProgress,
  linkedSummaries,
  type ProgressStep,
  practiceTime,
} from "@/shared/homework/exposure-progress.ts";

/**
 * The session-prep digest of one patient, without React: what happened since a moment, from the
 * rows on the device. The page reads the store and draws what this returns.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The digest's default start: seven days before `now`, from that day's midnight (local time). */
export const DEFAULT_DAYS = 7;
export function defaultSince(now: number, discussedAt: string | null): number {
  const discussed = discussedAt === null ? Number.NaN : Date.parse(discussedAt);
  if (!Number.isNaN(discussed)) return discussed;
  const d = new Date(now - DEFAULT_DAYS * DAY_MS);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** One conversation in the digest: its summary (if made yet) and its messages on this device since the date. */
export interface DigestConversation {
  id: string;
  /** Its first moment since the date: its first message then, else its practice time (ms). */
  at: number;
  summary: Summary | null;
  messages: number;
}

/** One assignment with its practices since the date (the change still counts from a practice before it). */
interface AssignmentPractice {
  homework: Homework;
  steps: ProgressStep[];
}

interface HomeworkChange {
  homework: Homework;
  kind: "Assigned" | "Changed";
  at: number;
}

export interface Digest {
  /** Oldest first. */
  conversations: DigestConversation[];
  /** Every current assignment, newest first, with its practices since the date. */
  assignments: AssignmentPractice[];
  /** The conversations' summaries that no assignment links to (oldest first). */
  unlinked: Summary[];
  /** The safety-flagged summaries of those conversations, oldest first. */
  flags: Summary[];
  /** Safety flags from before the date that no clinician has marked reviewed yet, oldest first. */
  earlierUnreviewed: Summary[];
  /** Assignments made or changed since the date, latest first. */
  homeworkChanges: HomeworkChange[];
}

type MessageFields = Pick<Message, "conversation_id" | "timestamp">;

/**
 * Everything since `since` (ms): a conversation counts when one of its messages, or its practice
 * (the summary's start, else when it was made), is at or after it. `messages` may hold older ones:
 * they are left out.
 */
export function buildDigest(
  since: number,
  rows: { homework: readonly Homework[]; summaries: readonly Summary[]; messages: readonly MessageFields[] },
): Digest {
  const inWindow = (at: number) => !Number.isNaN(at) && at >= since;
  const summaryOf = new Map(rows.summaries.map((s) => [s.id, s]));

  const conversations = new Map<string, DigestConversation>();
  for (const m of rows.messages) {
    const at = Date.parse(m.timestamp);
    if (!inWindow(at)) continue;
    const c = conversations.get(m.conversation_id);
    if (c) {
      c.messages += 1;
      c.at = Math.min(c.at, at);
    } else {
      const summary = summaryOf.get(m.conversation_id) ?? null;
      conversations.set(m.conversation_id, { id: m.conversation_id, at, summary, messages: 1 });
    }
  }
  for (const s of rows.summaries) {
    if (inWindow(practiceTime(s)) && !conversations.has(s.id))
      conversations.set(s.id, { id: s.id, at: practiceTime(s), summary: s, messages: 0 });
  }

  // The summaries of the digest's conversations: its practices.
  const practised = [...conversations.values()].flatMap((c) => (c.summary ? [c.summary] : [])).sort(byPracticeTime);
  const shown = new Set(practised.map((s) => s.id));

  const homework = [...rows.homework].sort((a, b) => compareText(b.created_at, a.created_at));
  const assignments = homework.map((h) => ({
    homework: h,
    steps: exposureProgress(h, rows.summaries).filter((step) => shown.has(step.id)),
  }));
  const linked = new Set(homework.flatMap((h) => linkedSummaries(h, practised).map((s) => s.id)));

  const homeworkChanges: HomeworkChange[] = [];
  for (const h of homework) {
    const created = Date.parse(h.created_at);
    const updated = Date.parse(h.updated_at);
    // A row's first version is its assignment; a later version since the date is a change.
    if (h.version > 1 && inWindow(updated) && updated > created)
      homeworkChanges.push({ homework: h, kind: "Changed", at: updated });
    if (inWindow(created)) homeworkChanges.push({ homework: h, kind: "Assigned", at: created });
  }

  return {
    conversations: [...conversations.values()].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)),
    assignments,
    unlinked: practised.filter((s) => !linked.has(s.id)),
    flags: practised.filter((s) => s.is_safetychecker),
    earlierUnreviewed: rows.summaries.filter((s) => unreviewedSafetyFlag(s) && !shown.has(s.id)).sort(byPracticeTime),
    homeworkChanges: homeworkChanges.sort((a, b) => b.at - a.at),
  };
}
