import { messages } from "@schema/messages.ts";
import { useNavigate } from "react-router";
import { api, errorMessage } from "@/lib/api.ts";
import { notify } from "@/lib/notify.tsx";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { ChangePasswordForm } from "./schemas.ts";

export function PasswordForm() {
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const form = useAppForm({
    defaultValues: { current_password: "", new_password: "", confirm_password: "" },
    validators: { onChange: validateWith(ChangePasswordForm), onSubmit: validateWith(ChangePasswordForm) },
    onSubmit: async ({ value }) => {
      try {
        const answer = await api<{ message?: string }>("/api/user/change-password", {
          method: "POST",
          body: { current_password: value.current_password, new_password: value.new_password },
        });
        void notify.success(answer?.message || "Password changed", "Use your new password the next time you sign in.");
        form.reset();
        const wasRequired = user?.must_change_password;
        await refresh();
        if (wasRequired) navigate("/chat-history", { replace: true });
      } catch (err) {
        void notify.error(
          messages.profile.changePasswordFailed,
          errorMessage(err, messages.profile.changePasswordFailed),
        );
      }
    },
  });
  return (
    <form {...formProps(form)} className="grid gap-4" aria-label="Change Password">
      <form.AppField name="current_password">
        {(f) => <f.PasswordField label="Current password" autoComplete="current-password" />}
      </form.AppField>
      <form.AppField name="new_password">
        {(f) => <f.PasswordField label="New password" autoComplete="new-password" />}
      </form.AppField>
      <form.AppField name="confirm_password">
        {(f) => <f.PasswordField label="Confirm password" autoComplete="new-password" />}
      </form.AppField>
      <div>
        <form.AppForm>
          <form.SubmitButton pendingLabel="Changing...">Change Password</form.SubmitButton>
        </form.AppForm>
      </div>
    </form>
  );
}
