import type { DeviceEvent } from "./engine.ts";

/**
 * A worker hears neither focus nor the page coming back to the front, so the page forwards what
 * should make the engine sync (iPadOS has no Background Sync: these and a timer are all there is).
 */
export function forwardDeviceEvents(send: (event: DeviceEvent) => void): () => void {
  if (typeof window === "undefined") return () => {};
  const handlers: [EventTarget, string, () => void][] = [
    [window, "online", () => send("online")],
    [window, "offline", () => send("offline")],
    [window, "focus", () => send("focus")],
    [document, "visibilitychange", () => document.visibilityState === "visible" && send("focus")],
  ];
  for (const [target, type, handler] of handlers) target.addEventListener(type, handler);
  return () => {
    for (const [target, type, handler] of handlers) target.removeEventListener(type, handler);
  };
}
