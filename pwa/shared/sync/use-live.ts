import { useLiveQuery } from "dexie-react-hooks";

export type Live<T> = { status: "loading" } | { status: "error"; error: unknown } | { status: "ready"; data: T };

const LOADING = { status: "loading" } as const;

/**
 * useLiveQuery with its three states spelled out: a read that fails (a store the browser closed or
 * evicted) becomes an error state the screen can show, not an exception that unmounts the page.
 */
export function useLive<T>(read: () => Promise<T>, deps: unknown[]): Live<T> {
  const result = useLiveQuery<Live<T>>(async () => {
    try {
      return { status: "ready", data: await read() };
    } catch (error) {
      return { status: "error", error };
    }
  }, deps);
  return result ?? LOADING;
}
