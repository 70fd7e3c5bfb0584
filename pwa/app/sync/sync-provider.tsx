import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import type { SyncEngine } from "@/local/index.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { SyncContext, type SyncHandle } from "@/shared/sync/sync-context.ts";
import { adoptDevice, type ConnectDevice, releaseDevice } from "./device-connection.ts";
import { SyncDialogsHost } from "./sync-dialogs.tsx";

/**
 * Opens the signed-in user's device store and runs its sync engine for as long as that user is
 * signed in. A different user gets a different store; sign-out wipes it (see useSignOut).
 */
export function SyncProvider({ children, connect = adoptDevice }: { children: ReactNode; connect?: ConnectDevice }) {
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
      releaseDevice(userId);
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
