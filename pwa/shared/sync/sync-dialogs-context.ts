import { createContext, useContext } from "react";

export type SignOutChoice = "sign-out" | "cancel" | "review";

/** Changes that did not reach the server when someone signs out. */
export interface Unsent {
  unsent: number;
  conflicts: number;
  /** Record views (who opened which patient's data) the activity log has not received yet. */
  views: number;
}

export interface SyncDialogs {
  openPanel: () => void;
  /** Asks what to do with changes that were not sent; resolves true when the user chose to sign out anyway. */
  confirmSignOut: (unsent: Unsent) => Promise<boolean>;
}

/** Provided by the app's SyncDialogsHost, which holds the Sync panel and the sign-out question. */
export const SyncDialogsContext = createContext<SyncDialogs | null>(null);

const outsideHost: SyncDialogs = {
  openPanel: () => {},
  // Without the host (a component test of one screen) there is no one to ask: never discard.
  confirmSignOut: async () => false,
};

export const useSyncDialogs = (): SyncDialogs => useContext(SyncDialogsContext) ?? outsideHost;
