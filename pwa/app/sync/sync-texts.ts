/** What the app says about syncing, in one place for the status line, the Sync panel and sign-out. */
export const syncTexts = {
  panelTitle: "Sync",
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
  signOutLoses:
    "Signing out deletes Stepwise's data from this device, so changes that were not sent would be lost. Try to sync first, or review them in the Sync panel.",
} as const;

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
