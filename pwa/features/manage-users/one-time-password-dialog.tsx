import { ONE_TIME_PASSWORD_TTL_HOURS } from "@schema/constants.ts";
import { Dialog, DialogContent, DialogDescription, DialogDoneFooter, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";
import { SecretShownOnce } from "@/ui/secret-shown-once.tsx";
import type { UserWithPassword } from "./users-api.ts";

export interface IssuedPassword {
  reason: "created" | "reset";
  user: UserWithPassword;
}

/** The one-time password of a new or reset account, shown once to the admin who made it. */
export function OneTimePasswordDialog({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  return (
    <Dialog open={issued !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        {issued && (
          <>
            <DialogHeader>
              <DialogTitle>{issued.reason === "created" ? "User created" : "Password reset"}</DialogTitle>
              <DialogDescription>
                {issued.user.username} signs in with this one-time password within {ONE_TIME_PASSWORD_TTL_HOURS} hours
                and then chooses their own.{" "}
                {issued.user.email_sent
                  ? "It was also sent to them by email."
                  : "It was not sent by email: give it to them yourself."}
              </DialogDescription>
            </DialogHeader>
            <SecretShownOnce
              label="One-time password"
              secret={issued.user.initial_password}
              warning="Copy it now: it will not be shown again. If it is lost, reset the password again."
            />
            <DialogDoneFooter />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
