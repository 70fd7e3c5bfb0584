import { InvitationAnswer, InvitationBody } from "@schema/auth.ts";
import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { useState } from "react";
import { errorMessage } from "@/lib/api.ts";
import { apiParsed } from "@/lib/api-parsed.ts";
import { notify } from "@/lib/notify.tsx";
import { Button } from "@/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogDoneFooter,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/ui/dialog.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { SecretShownOnce } from "@/ui/secret-shown-once.tsx";
import { ManualLink } from "./manual-link.tsx";

const t = messages.invitation;

const registrationLink = (token: string) => `${window.location.origin}/auth?token=${encodeURIComponent(token)}`;

/** What the admin is told after sending (spec section 8), decided on the answer's `delivery`. */
function report(email: string, answer: InvitationAnswer) {
  if (answer.delivery === "email") return notify.success(t.sentTitle, t.sent(email));
  const link = registrationLink(answer.token);
  // One toast at a time: the manual link follows the configuration notice.
  return notify.error(t.emailServiceTitle, t.emailService, {
    onClose: () =>
      void notify.info(t.manualLinkTitle, <ManualLink link={link} />, {
        duration: TIMINGS.manualInviteToastMs,
        action: { label: "Copy link", onClick: () => void navigator.clipboard?.writeText(link) },
      }),
  });
}

/**
 * Invite a User. Without e-mail (no SMTP) the spec's toasts still tell the admin, and the dialog
 * also keeps the registration link on screen with a Copy button until the admin closes it: a
 * 10-second toast is too short to copy a link on a tablet.
 */
export default function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [manual, setManual] = useState<{ email: string; link: string } | null>(null);
  const form = useAppForm({
    defaultValues: { email: "", customMessage: "" },
    validators: { onChange: validateWith(InvitationBody), onSubmit: validateWith(InvitationBody) },
    onSubmit: async ({ value }) => {
      const email = value.email.trim();
      try {
        const answer = await apiParsed("/api/send-invitation", InvitationAnswer, {
          method: "POST",
          body: { email, customMessage: value.customMessage.trim() || null },
        });
        void report(email, answer);
        form.reset();
        if (answer.delivery === "manual_link") setManual({ email, link: registrationLink(answer.token) });
        else onOpenChange(false);
      } catch (err) {
        void notify.error(t.failedTitle, errorMessage(err, t.unexpected));
      }
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          setManual(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        {manual ? (
          <ManualLinkView {...manual} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Invite a User</DialogTitle>
              <DialogDescription>
                They will receive a link to create their Stepwise account. The link works once and expires after a week.
              </DialogDescription>
            </DialogHeader>
            <form {...formProps(form)} className="grid gap-4">
              <form.AppField name="email">
                {(f) => (
                  <f.TextField label="Email" type="email" autoComplete="off" placeholder="colleague@clinic.org" />
                )}
              </form.AppField>
              <form.AppField name="customMessage">
                {(f) => (
                  <f.TextareaField
                    label="Custom message (optional)"
                    placeholder="A short note to include in the invitation"
                    rows={3}
                  />
                )}
              </form.AppField>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <form.AppForm>
                  <form.SubmitButton pendingLabel="Sending...">Send Invitation</form.SubmitButton>
                </form.AppForm>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The link to hand over by hand, kept until the admin closes the dialog. */
function ManualLinkView({ email, link }: { email: string; link: string }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.manualLinkTitle}</DialogTitle>
        <DialogDescription>
          The invitation could not be sent by email. Give this link to {email} yourself.
        </DialogDescription>
      </DialogHeader>
      <SecretShownOnce
        label="Registration link"
        secret={link}
        warning="It works once, for this email address only, and expires after a week. Copy it before you close this dialog."
      />
      <DialogDoneFooter />
    </>
  );
}
