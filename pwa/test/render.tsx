import type { CurrentUser } from "@schema/rows.ts";
import { act, render, waitFor } from "@testing-library/react";
import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { Profiler, type ReactNode, Suspense } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { AppProviders } from "@/app/app-providers.tsx";
import { SignedInProviders } from "@/app/layout/signed-in-providers.tsx";
import { notify } from "@/lib/notify.tsx";
import type { SyncFetch } from "@/local/http.ts";
import { type LocalStore, openStore, type SyncEngine } from "@/local/index.ts";
import { createSyncClient } from "@/local/sync-client.ts";
import { connectHost, unlockForTests } from "@/local/testing.ts";
import { signedIn } from "@/shared/auth/session-api.ts";
import { useOptionalSyncEngine } from "@/shared/sync/sync-context.ts";

// Dexie's live queries stay silent without a default IndexedDB; each device still opens its own below.
Dexie.dependencies.indexedDB = new IDBFactory();
Dexie.dependencies.IDBKeyRange = IDBKeyRange;

const noNetwork: SyncFetch = async () => {
  throw new TypeError("Failed to fetch");
};

/**
 * A signed-in tablet for component tests: the user's own device store on a fresh fake IndexedDB
 * and a sync engine (behind the same interface as its worker) that is never started (its network is always down,
 * unless `fetch` answers instead), so screens read what the test put in the store and their writes stay
 * in the outbox for the test to inspect.
 */
export function openTestDevice(
  user: CurrentUser,
  { fetch = noNetwork }: { fetch?: SyncFetch } = {},
): { store: LocalStore; engine: SyncEngine } {
  const indexedDB = new IDBFactory();
  const open = (userId: string) => openStore(userId, { indexedDB, IDBKeyRange });
  const store = open(user.id);
  unlockForTests(user.id);
  // A device that synced before: an empty table means no rows, not rows still to come.
  void store.meta.put({ key: "cursor", value: "synced" });
  const engine = createSyncClient({ store, ...connectHost({ fetch, openStore: open }) });
  return { store, engine };
}

/**
 * A device whose store the browser closed (evicted, say): every read fails. Closed once its first
 * write settled: closed while still opening, Dexie reopens it and reads may hang instead of failing.
 */
export async function unreadableTestDevice(user: CurrentUser) {
  const device = openTestDevice(user);
  await device.store.meta.get("cursor");
  device.store.close();
  return device;
}

interface RenderOptions {
  user: CurrentUser;
  /** Reuse a device (to put rows in before rendering); a fresh one otherwise. */
  device?: { store: LocalStore; engine: SyncEngine };
  /** The address the page is rendered at; default "/". */
  path?: string;
}

/**
 * Renders `ui` as the signed-in `user` sees it, inside the app's own providers (the ones main.tsx
 * and the signed-in layout use: error screen, session, toasts, query cache, device store and sync
 * engine, Sync panel and sign-out dialogs, Invite User dialog), with the test device's engine
 * handed over instead of one in a worker. `ui` appears once the engine is handed over (a moment
 * after render: use `findBy…` first).
 */
export function renderSignedIn(ui: ReactNode, { user, device = openTestDevice(user), path = "/" }: RenderOptions) {
  signedIn(user);
  const connect = async () => device.engine;
  const result = render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <SignedInProviders connect={connect}>
          <Connected>
            <Suspense fallback={null}>
              <Routes>
                <Route path="*" element={ui} />
              </Routes>
            </Suspense>
          </Connected>
        </SignedInProviders>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, ...device };
}

/**
 * Holds `children` back until the engine is handed over. In the app a page suspends on it until
 * then; inside the `act` of a test render that would wait forever, since the hand-over happens
 * in an effect of the very render that suspended.
 */
function Connected({ children }: { children: ReactNode }) {
  return useOptionalSyncEngine() ? children : null;
}

/** Dismisses every toast and waits until none is left, so a test can tell the next toast apart. */
export async function clearToasts() {
  notify.dismiss();
  await waitFor(() => {
    if (document.querySelector("[data-sonner-toast]")) throw new Error("a toast is still on screen");
  });
}

/**
 * Renders `ui` and lists its commits as they come ("mount", "update", "nested-update": a render React
 * ran synchronously right after a commit, in the commit's task).
 */
export async function renderCountingCommits(ui: ReactNode): Promise<string[]> {
  const commits: string[] = [];
  await act(async () => {
    render(
      <Profiler id="counted" onRender={(_id, phase) => commits.push(phase)}>
        {ui}
      </Profiler>,
    );
  });
  return commits;
}
