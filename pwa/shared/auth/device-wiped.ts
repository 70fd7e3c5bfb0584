/**
 * Whether this page wiped the device's copy after too many wrong PINs, so the sign-in page says why
 * it shows (kept in memory, not in the navigation: the wipe unmounts the screen that navigates).
 */
let wiped = false;

export function noteDeviceWiped() {
  wiped = true;
}

/** Cleared once someone signs in again. */
export function forgetDeviceWiped() {
  wiped = false;
}

export const deviceWasWiped = () => wiped;
