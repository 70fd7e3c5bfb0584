import { InvitationBody } from "@schema/auth.ts";
import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { api, errorMessage } from "@/lib/api.ts";
import { formProps, useAppForm, validateWith } from "@/lib/form.tsx";
import { notify } from "@/lib/notify.tsx";
import { Button } from "@/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/ui/dialog.tsx";
import { ManualLink } from "./manual-link.tsx";

interface InvitationAnswer {
  success: boolean;
  message?: string;
  token?: string;
}

const t = messages.invitation;
const mentionsEmailService = (message: string | undefined) => /e-?mail service/i.test(message ?? "");

/** What the admin is told after sending (spec section 8). */
function report(email: string, answer: InvitationAnswer) {
  if (answer.success) return notify.success(t.sentTitle, t.sent(email));
  if (!mentionsEmailService(answer.message)) return notify.error(t.failedTitle, answer.message || t.failedTitle);
  const link = answer.token ? `${window.location.origin}/auth?token=${encodeURIComponent(answer.token)}` : null;
  // One toast at a time: the manual link follows the configuration notice.
  return notify.error(t.emailServiceTitle, t.emailService, {
    onClose: link
      ? () =>
          void notify.info(t.manualLinkTitle, <ManualLink link={link} />, {
            duration: TIMINGS.manualInviteToastMs,
            action: { label: "Copy link", onClick: () => void navigator.clipboard?.writeText(link) },
          })
      : undefined,
  });
}

export default function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const form = useAppForm({
    defaultValues: { email: "", customMessage: "" },
    validators: { onChange: validateWith(InvitationBody), onSubmit: validateWith(InvitationBody) },
    onSubmit: async ({ value }) => {
      const email = value.email.trim();
      try {
        const answer = await api<InvitationAnswer>("/api/send-invitation", {
          method: "POST",
          body: { email, customMessage: value.customMessage.trim() || null },
        });
        void report(email, answer);
        if (answer.success || mentionsEmailService(answer.message)) {
          form.reset();
          onOpenChange(false);
        }
      } catch (err) {
        void notify.error(t.failedTitle, errorMessage(err, t.unexpected));
      }
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite a User</DialogTitle>
          <DialogDescription>
            They will receive a link to create their Stepwise account. The link works once and expires after a week.
          </DialogDescription>
        </DialogHeader>
        <form {...formProps(form)} className="grid gap-4">
          <form.AppField name="email">
            {(f) => <f.TextField label="Email" type="email" autoComplete="off" placeholder="colleague@clinic.org" />}
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
      </DialogContent>
    </Dialog>
  );
}
