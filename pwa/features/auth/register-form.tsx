import { messages } from "@schema/messages.ts";
import { useState } from "react";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { FormAlert } from "./form-alert.tsx";
import { RegisterForm as RegisterSchema } from "./schemas.ts";

/** Registration from an invitation: the e-mail is the invited one. */
export function RegisterForm({ token, email }: { token: string; email: string }) {
  const { register } = useAuth();
  const [failed, setFailed] = useState(false);
  const form = useAppForm({
    defaultValues: { first_name: "", last_name: "", username: email, password: "", confirmPassword: "" },
    validators: { onChange: validateWith(RegisterSchema), onSubmit: validateWith(RegisterSchema) },
    onSubmit: async ({ value }) => {
      setFailed(false);
      const { confirmPassword: _, ...body } = value;
      await register({ ...body, token }).catch(() => setFailed(true));
    },
  });
  return (
    <form {...formProps(form)} className="grid gap-4" aria-label="Register">
      {failed && (
        <FormAlert title={messages.auth.registrationFailedTitle}>{messages.auth.registrationFormFailed}</FormAlert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="first_name">
          {(f) => <f.TextField label="First name" autoComplete="given-name" />}
        </form.AppField>
        <form.AppField name="last_name">
          {(f) => <f.TextField label="Last name" autoComplete="family-name" />}
        </form.AppField>
      </div>
      <form.AppField name="username">
        {(f) => (
          <f.TextField
            label="Email"
            type="email"
            autoComplete="username"
            readOnly
            description="The address your invitation was sent to."
          />
        )}
      </form.AppField>
      <form.AppField name="password">
        {(f) => <f.PasswordField label="Password" autoComplete="new-password" />}
      </form.AppField>
      <form.AppField name="confirmPassword">
        {(f) => <f.PasswordField label="Confirm password" autoComplete="new-password" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton pendingLabel="Creating account...">Create account</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
