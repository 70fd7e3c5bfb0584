import type { CurrentUser } from "@schema/rows.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import Dexie from "dexie";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { type ReactNode, Suspense } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { notify } from "@/lib/notify.tsx";
import { createQueryClient } from "@/lib/query-client.ts";
import type { SyncFetch } from "@/local/http.ts";
import { type LocalStore, openStore, type SyncEngine } from "@/local/index.ts";
import { createSyncClient } from "@/local/sync-client.ts";
import { connectHost } from "@/local/testing.ts";
import { AuthProvider } from "@/shared/auth/auth-context.tsx";
import { signedIn } from "@/shared/auth/session-api.ts";
import { SyncContext } from "@/shared/sync/sync-context.ts";
import Toaster from "@/ui/toaster.tsx";

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
  // A device that synced before: an empty table means no rows, not rows still to come.
  void store.meta.put({ key: "cursor", value: "synced" });
  const engine = createSyncClient({ store, ...connectHost({ fetch, openStore: open }) });
  return { store, engine };
}

interface RenderOptions {
  user: CurrentUser;
  /** Reuse a device (to put rows in before rendering); a fresh one otherwise. */
  device?: { store: LocalStore; engine: SyncEngine };
  /** The address the page is rendered at; default "/". */
  path?: string;
}

/** Renders `ui` as the signed-in `user` sees it: auth, device store, router and the toaster. */
export function renderSignedIn(ui: ReactNode, { user, device = openTestDevice(user), path = "/" }: RenderOptions) {
  const queryClient = createQueryClient();
  signedIn(user);
  const { engine } = device;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SyncContext.Provider value={{ userId: user.id, ready: Promise.resolve(engine), engine }}>
          <Suspense fallback={null}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="*" element={ui} />
              </Routes>
            </MemoryRouter>
          </Suspense>
        </SyncContext.Provider>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, ...device };
}

/** Dismisses every toast and waits until none is left, so a test can tell the next toast apart. */
export async function clearToasts() {
  notify.dismiss();
  await waitFor(() => {
    if (document.querySelector("[data-sonner-toast]")) throw new Error("a toast is still on screen");
  });
}
