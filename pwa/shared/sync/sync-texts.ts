import { errorTexts } from "@schema/error-codes.ts";
import { messages } from "@schema/messages.ts";
import type { SyncedTable } from "@schema/rows.ts";
import { formatCount } from "@/lib/numbers.ts";
import type { FirstSync, Refused, SyncProblem } from "@/local/index.ts";

/** What the app says about syncing, in one place for the status line, the Sync panel and sign-out. */
export const syncTexts = {
  panelTitle: "Sync",
  savedOnDevice: "Saved on this device — will sync",
  savedConflict: "Saved on this device, but it was changed elsewhere meanwhile: choose a version in the Sync panel",
  storageNoticeTitle: "Your changes are only on this device for now",
  storageNotice: "This browser may clear Stepwise's offline data. Install Stepwise to keep it safe.",
  installHint: "On an iPad or iPhone, tap Share, then Add to Home Screen.",
  keptMine: "Your version was kept",
  keptTheirs: "The other version was kept",
  resolveFailed: "Could not resolve the conflict",
  retried: "Sending the change again",
  discarded: "Change discarded",
  actionFailed: "Something went wrong on this device",
  unsentTitle: (n: number) => `${n} change${n === 1 ? " has" : "s have"} not been sent yet`,
  stillUnsent: (n: number) => `${n} change${n === 1 ? " still has" : "s still have"} not been sent.`,
  viewsUnsentTitle: (n: number) => `${n} record view${n === 1 ? " has" : "s have"} not been sent yet`,
  viewsSignOutLoses: (n: number) =>
    `The activity log has not yet received ${n === 1 ? "1 record view" : `${n} record views`} (which patients' data you opened on this device). Signing out now deletes ${n === 1 ? "it" : "them"} with the rest of Stepwise's data: try to sync first.`,
  signOutLoses:
    "Signing out deletes Stepwise's data from this device, so changes that were not sent would be lost. Try to sync first, or review them in the Sync panel.",
} as const;

/** Why a sync did not finish, in words: the server's own when it gave any, else the table's for its code. */
export const syncProblemText = (problem: SyncProblem) => problem.message ?? errorTexts[problem.code];

/** Why a manual refresh failed: the server's words, else the spec's "Refresh failed with status {n}", else the code's. */
export const refreshProblemText = ({ message, status, code }: SyncProblem) =>
  message ?? (status ? messages.generic.refreshFailedStatus(status) : errorTexts[code]);

/**
 * Why the server refused a change, in words: its own, else the spec's "Request failed with status {n}";
 * words an older version of the app kept stay as they are.
 */
export const refusalText = (refused: Refused): string =>
  typeof refused === "string" ? refused : (refused.message ?? messages.generic.requestFailed(refused.status));

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const TABLE_WORDS: Record<SyncedTable, string> = {
  patients: "patients",
  homework: "homework",
  conversation_summaries: "summaries",
  prompts: "prompts",
  clinicians: "clinicians",
  conversation_messages: "messages",
};

const timeLeft = (seconds: number) => (seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`);

/** The top bar's short form: "Downloading 12,400 of 50,000". */
export const downloadingShort = ({ done, total }: FirstSync) =>
  `Downloading ${formatCount(done)} of ${formatCount(total)}`;

/** "Downloading 12,400 of 50,000 messages · about 20 s left": it starts with the short form, so the
 * status line's accessible name holds the words a speech-input user sees and says. */
export function downloadingText(firstSync: FirstSync): string {
  const { table, secondsLeft } = firstSync;
  const estimate = secondsLeft === null ? "" : ` · about ${timeLeft(secondsLeft)} left`;
  return `${downloadingShort(firstSync)} ${TABLE_WORDS[table]}${estimate}`;
}

/** The Sync panel's line under the progress bar: rows left in all tables. */
export const leftText = ({ remaining }: FirstSync) =>
  remaining === 0 ? "Almost done" : `${formatCount(remaining)} ${remaining === 1 ? "item" : "items"} left to download`;

/** What a screen of conversations says while a first sync is still bringing them. */
export function stillArrivingText({ table, done, total }: FirstSync): string {
  return table === "conversation_messages"
    ? `Older conversations are still arriving (${formatCount(done)} of ${formatCount(total)} messages so far). The newest are already here.`
    : "Conversations are still arriving: your patients, homework and summaries come first.";
}
