import { getSession, subscribeSession } from "@/shared/auth/session-api.ts";

/** The session's user id; undefined while the first lookup runs. */
const userIdOf = () => {
  const { user } = getSession();
  return user === undefined ? undefined : (user?.id ?? null);
};

/**
 * A sign-in opens the device at once: its store, the sync worker and the PIN set-up's key are under
 * way while the signed-in frame loads and renders, instead of after (device-connection.ts). On a
 * slow tablet that was most of a second before the first sync's first request. Only a sign-in from
 * signed out: an app opened on a remembered user opens its device with its frame already, and an
 * early one there only competed with the frame's first paint. Started by the browser's entry
 * (main.tsx) only: component tests hand their providers a device of their own.
 */
export function openDeviceOnSignIn() {
  let last = userIdOf();
  subscribeSession(() => {
    const userId = userIdOf();
    const signedIn = last === null && typeof userId === "string";
    // Signed out, or another user: a device opened early and not taken yet is stopped.
    const left = typeof last === "string" && userId !== last;
    last = userId;
    if (!signedIn && !left) return;
    import("./device-connection.ts").then(
      (device) => device.openDeviceEarly(signedIn ? userId : null),
      () => {},
    );
  });
}
