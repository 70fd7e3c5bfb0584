import { TIMINGS } from "@schema/constants.ts";
import type { ReactNode } from "react";

interface NotifyOptions {
  /** Milliseconds; product toasts last 3 s (spec section 9). */
  duration?: number;
  action?: { label: string; onClick: () => void };
  /** Called when the toast leaves the screen (timed out or dismissed). */
  onClose?: () => void;
}

type Kind = "success" | "error" | "info";

// sonner loads after the first paint (it is not needed to show the landing page).
const sonner = () => import("sonner");

function show(kind: Kind, title: string, description: ReactNode, options: NotifyOptions) {
  const settings = {
    description,
    duration: options.duration ?? TIMINGS.toastMs,
    action: options.action,
    onAutoClose: options.onClose,
    onDismiss: options.onClose,
  };
  return sonner().then(({ toast }) => (kind === "info" ? toast(title, settings) : toast[kind](title, settings)));
}

/**
 * The one toast helper. The Toaster (app/toaster.tsx) shows one toast at a time,
 * so a newer toast replaces the one on screen.
 *
 *   notify.success("Invitation sent", `An invitation email has been sent to ${email}`);
 *   notify.error("Failed to update user", err.message);
 *   notify.info(title, <a href={link}>{link}</a>, { duration: TIMINGS.manualInviteToastMs });
 */
export const notify = {
  success: (title: string, description?: ReactNode, options: NotifyOptions = {}) =>
    show("success", title, description, options),
  error: (title: string, description?: ReactNode, options: NotifyOptions = {}) =>
    show("error", title, description, options),
  info: (title: string, description?: ReactNode, options: NotifyOptions = {}) =>
    show("info", title, description, options),
  dismiss: (id?: string | number) => void sonner().then(({ toast }) => toast.dismiss(id)),
};
