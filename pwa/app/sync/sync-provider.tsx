import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { importWhenOnline } from "@/lib/when-online.ts";
import type { SyncEngine } from "@/local/index.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { SyncContext, type SyncHandle } from "@/shared/sync/sync-context.ts";
import { SyncDialogsHost } from "./sync-dialogs.tsx";

/**
 * Opens `userId`'s device store and sync engine and starts syncing, unless `signal` was aborted
 * meanwhile (the user changed or signed out). Tests pass their own, with an engine they drive.
 */
export type ConnectDevice = (
  userId: string,
  options: { onAuthLost: () => void; signal: AbortSignal },
) => Promise<SyncEngine>;

/** The browser's: the engine in its worker, started, the store kept if the browser agrees. */
const connectWorker: ConnectDevice = async (userId, { onAuthLost, signal }) => {
  const local = await importWhenOnline(() => import("@/local/index.ts"));
  const engine = local.openSyncClient(userId, onAuthLost);
  if (!signal.aborted) {
    void engine.start();
    void engine.requestPersistence();
    void forgetIdleOtherUsers(userId);
  }
  return engine;
};

/**
 * Opens the signed-in user's device store and runs its sync engine for as long as that user is
 * signed in. A different user gets a different store; sign-out wipes it (see useSignOut).
 */
export function SyncProvider({ children, connect = connectWorker }: { children: ReactNode; connect?: ConnectDevice }) {
  const { user, refresh } = useAuth();
  const userId = user?.id ?? null;
  const [handle, setHandle] = useState<SyncHandle | null>(null);
  const refreshUser = useRef(refresh);
  refreshUser.current = refresh;
  // Between sign-in and the effect below, pages already render: they suspend on this promise,
  // which the effect settles with the engine it opens, rather than finding no store at all.
  const pending = useRef<{ userId: string; ready: Promise<SyncEngine>; settle: (e: SyncEngine) => void } | null>(null);
  const pendingFor = useCallback((id: string) => {
    if (pending.current?.userId !== id) {
      let settle!: (e: SyncEngine) => void;
      const ready = new Promise<SyncEngine>((resolve) => {
        settle = resolve;
      });
      pending.current = { userId: id, ready, settle };
    }
    return pending.current;
  }, []);

  useEffect(() => {
    if (!userId) {
      pending.current = null;
      setHandle(null);
      return;
    }
    const stopped = new AbortController();
    // The session ended elsewhere (expired, password changed): re-check it, the guards send the user to /auth.
    const ready = connect(userId, { onAuthLost: () => void refreshUser.current(), signal: stopped.signal });
    const next: SyncHandle = { userId, ready, engine: null };
    setHandle(next);
    void ready.then((e) => {
      if (stopped.signal.aborted) return;
      pendingFor(userId).settle(e);
      setHandle({ ...next, engine: e });
    });
    return () => {
      stopped.abort();
      void ready.then((e) => e.stop());
    };
  }, [userId, pendingFor, connect]);

  const value =
    handle && handle.userId === userId
      ? handle
      : userId
        ? { userId, ready: pendingFor(userId).ready, engine: null }
        : null;
  return (
    <SyncContext.Provider value={value}>
      <SyncDialogsHost>{children}</SyncDialogsHost>
    </SyncContext.Provider>
  );
}

/**
 * Another user's store on this tablet (their session expired without a sign-out) is deleted when
 * nothing in it waits to be sent; with unsent changes or record views it stays until that user signs in again.
 */
async function forgetIdleOtherUsers(userId: string) {
  const local = await importWhenOnline(() => import("@/local/index.ts"));
  for (const other of await local.otherUsersOnDevice(userId)) {
    const store = local.openStore(other);
    try {
      const waiting = (await store.outbox.count()) + (await store.views.count());
      store.close();
      if (waiting === 0) await local.deleteStore(other);
    } catch {
      store.close();
    }
  }
}
