/**
 * Only one tab pushes a user's outbox at a time. Web Locks serialize tabs exactly. Without them,
 * tabs of this page share a mutex, and other tabs are told over a BroadcastChannel to wait while a
 * lease is held; two tabs starting in the same instant may still both push, and the server's
 * Idempotency-Key keeps that from applying anything twice.
 */
const LEASE_MS = 30_000;
const local = new Map<string, Promise<unknown>>();

type Message = { held: true; until: number } | { held: false };

export interface PushLock {
  run<T>(fn: () => Promise<T>): Promise<T>;
  close(): void;
}

export function createPushLock(name: string): PushLock {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (locks) return { run: <T>(fn: () => Promise<T>) => locks.request(name, fn) as Promise<T>, close() {} };

  const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(name);
  let othersUntil = 0;
  if (channel) {
    channel.onmessage = (event: MessageEvent<Message>) => {
      othersUntil = event.data.held ? event.data.until : 0;
    };
    (channel as { unref?: () => void }).unref?.();
  }

  async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    while (Date.now() < othersUntil) await new Promise((r) => setTimeout(r, 200));
    channel?.postMessage({ held: true, until: Date.now() + LEASE_MS } satisfies Message);
    try {
      return await fn();
    } finally {
      channel?.postMessage({ held: false } satisfies Message);
    }
  }

  return {
    run<T>(fn: () => Promise<T>): Promise<T> {
      const previous = local.get(name) ?? Promise.resolve();
      const next = previous.catch(() => {}).then(() => exclusive(fn));
      local.set(name, next);
      return next;
    },
    close: () => channel?.close(),
  };
}
