import { getSession, subscribeSession } from "@/shared/auth/session-api.ts";

/**
 * A sign-in opens the device at once: its store, the sync worker and the PIN set-up's key are under
 * way while the signed-in frame loads and renders, instead of after (device-connection.ts). On a
 * slow tablet that was most of a second before the first sync's first request. Started by the
 * browser's entry (main.tsx) only: component tests hand their providers a device of their own.
 */
export function openDeviceOnSignIn() {
  let signedIn = false;
  subscribeSession(() => {
    const userId = getSession().user?.id ?? null;
    // Nobody signed in, and nobody was: nothing to open or to stop.
    if (userId === null && !signedIn) return;
    signedIn = userId !== null;
    import("./device-connection.ts").then(
      (device) => device.openDeviceEarly(userId),
      () => {},
    );
  });
}
