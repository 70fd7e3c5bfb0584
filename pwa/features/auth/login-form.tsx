import { accountMessages } from "@schema/auth.ts";
import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { useState } from "react";
import { errorMessage } from "@/lib/api.ts";
import { notify } from "@/lib/notify.tsx";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { FormAlert } from "./form-alert.tsx";
import { LoginForm as LoginSchema } from "./schemas.ts";

export function LoginForm() {
  const { login } = useAuth();
  // The toast's own words (useAuth), repeated beside the form so both say the same thing.
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAppForm({
    defaultValues: { username: "", password: "" },
    validators: { onChange: validateWith(LoginSchema), onSubmit: validateWith(LoginSchema) },
    onSubmit: async ({ value }) => {
      setFailure(null);
      // Success re-renders the page as signed in; a failure toasts the server's message in useAuth.
      const answer = await login(value).catch((err) => setFailure(errorMessage(err, messages.auth.loginFailedTitle)));
      // The owner hears of guesses at their password (the lock-out is per IP, so they could still sign in).
      const failedAttempts = answer ? answer.failed_attempts_since_last_login : 0;
      if (failedAttempts > 0) {
        notify.info(accountMessages.failedAttemptsTitle, accountMessages.failedAttemptsSince(failedAttempts), {
          duration: TIMINGS.bannerMs,
        });
      }
    },
  });
  return (
    <form {...formProps(form)} className="grid gap-4" aria-label="Login">
      {failure && <FormAlert title={messages.auth.loginFailedTitle}>{failure}</FormAlert>}
      <form.AppField name="username">
        {(f) => <f.TextField label="Email" type="email" autoComplete="username" inputMode="email" />}
      </form.AppField>
      <form.AppField name="password">
        {(f) => <f.PasswordField label="Password" autoComplete="current-password" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton pendingLabel="Signing in...">Login</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
