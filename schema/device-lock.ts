import * as v from "valibot";

/**
 * The device lock of shared tablets (issue 15): a numeric device PIN set after the first sign-in on
 * a device, a lock after inactivity (an admin setting), and a wipe after too many wrong PINs.
 */
const DEVICE_PIN_MIN_DIGITS = 6;
/** Wrong PINs in a row that wipe the device's copy of the user's data. */
export const DEVICE_PIN_MAX_ATTEMPTS = 5;
/** The admin setting `lock_idle_minutes`: its default and the range an admin may choose. */
export const LOCK_IDLE_MINUTES = { default: 5, min: 1, max: 60 } as const;

/** What wiping the device's copy costs (the last wrong PIN, or signing out from the lock screen). */
const whatTheWipeLoses = (unsent: number) =>
  `this device's copy of your data${
    unsent > 0 ? `, including ${unsent} unsent change${unsent === 1 ? "" : "s"} that will be lost` : ""
  }, and you will need to sign in again.`;

export const deviceLockMessages = {
  pinDigits: `The PIN must be at least ${DEVICE_PIN_MIN_DIGITS} digits (numbers only)`,
  pinsDoNotMatch: "The PINs do not match",
  wrongPin: (left: number) => `Wrong PIN. ${left} attempt${left === 1 ? "" : "s"} left.`,
  lastAttempt: (unsent: number) => `One attempt left. Another wrong PIN deletes ${whatTheWipeLoses(unsent)}`,
  signOutTitle: "Sign out of this device?",
  forgotPinTitle: "Forgot your PIN?",
  forgotPin: "You choose a new PIN after signing in again. ",
  signOut: (unsent: number) => `Signing out deletes ${whatTheWipeLoses(unsent)}`,
  wipedTitle: "Device data deleted",
  wiped: "Too many wrong PINs: this device's copy of your data was deleted. Sign in again to continue.",
  setUpFailed: "The PIN could not be saved on this device. Please try again.",
  idleMinutes: `lock_idle_minutes must be a whole number of minutes from ${LOCK_IDLE_MINUTES.min} to ${LOCK_IDLE_MINUTES.max}`,
  saved: "Settings saved",
  saveFailed: "Failed to save settings",
  fetchFailed: "Failed to fetch settings",
  notAnObject: "The request body must be a JSON object of settings: lock_idle_minutes",
} as const;
const m = deviceLockMessages;

const pin = v.pipe(v.string(m.pinDigits), v.regex(new RegExp(`^\\d{${DEVICE_PIN_MIN_DIGITS},}$`), m.pinDigits));

/** The unlock form: the PIN, digits only (whether it is the right one, only the unwrap can tell). */
export const UnlockForm = v.object({ pin });

/** The PIN set-up form: a PIN of digits only and its confirmation. */
export const DevicePinForm = v.pipe(
  v.object({ pin, confirmPin: v.string() }),
  v.forward(
    v.partialCheck([["pin"], ["confirmPin"]], (input) => input.pin === input.confirmPin, m.pinsDoNotMatch),
    ["confirmPin"],
  ),
);

/**
 * PUT /api/admin/settings: the settings an admin may change (each optional, so one can change alone);
 * a name that is no setting is refused rather than stored unread.
 */
export const SettingsBody = v.strictObject(
  {
    lock_idle_minutes: v.optional(
      v.pipe(
        v.number(m.idleMinutes),
        v.integer(m.idleMinutes),
        v.minValue(LOCK_IDLE_MINUTES.min, m.idleMinutes),
        v.maxValue(LOCK_IDLE_MINUTES.max, m.idleMinutes),
      ),
    ),
  },
  m.notAnObject,
);

/** The Settings page's form: the minutes as typed, checked by the same rule as the server's. */
export const SettingsForm = v.object({
  lock_idle_minutes: v.pipe(
    v.string(m.idleMinutes),
    v.regex(/^\d+$/, m.idleMinutes),
    v.transform(Number),
    v.minValue(LOCK_IDLE_MINUTES.min, m.idleMinutes),
    v.maxValue(LOCK_IDLE_MINUTES.max, m.idleMinutes),
  ),
});

/** The admin settings as the server keeps and answers them. */
export interface Settings {
  lock_idle_minutes: number;
}
