import { TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { CurrentUser } from "@schema/rows.ts";
import { errorMessage } from "@/lib/api.ts";
import { apiParsed } from "@/lib/api-parsed.ts";
import { notify } from "@/lib/notify.tsx";
import { signedIn } from "@/shared/auth/session-api.ts";
import { useSignOut } from "@/shared/auth/use-sign-out.ts";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { ProfileForm as ProfileSchema } from "./schemas.ts";

export function ProfileForm({ user }: { user: CurrentUser }) {
  const signOut = useSignOut();
  const form = useAppForm({
    defaultValues: { first_name: user.first_name, last_name: user.last_name, username: user.username },
    validators: { onChange: validateWith(ProfileSchema), onSubmit: validateWith(ProfileSchema) },
    onSubmit: async ({ value }) => {
      try {
        const updated = await apiParsed("/api/user/profile", CurrentUser, { method: "PATCH", body: value });
        const emailChanged = updated.username.toLowerCase() !== user.username.toLowerCase();
        if (emailChanged) {
          void notify.success(
            "Profile updated",
            "Your email address changed. You will be signed out in 3 seconds; sign in again with your new email.",
          );
          // The session belongs to the old address; a fresh sign-in with the new one follows.
          setTimeout(() => void signOut("/auth"), TIMINGS.logoutAfterEmailChangeMs);
        } else {
          void notify.success("Profile updated", "Your profile information has been saved.");
        }
        signedIn(updated);
      } catch (err) {
        void notify.error(messages.profile.updateFailed, errorMessage(err, messages.profile.updateFailed));
      }
    },
  });
  return (
    <form {...formProps(form)} className="grid gap-4" aria-label="Profile Information">
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
            autoComplete="email"
            description="Changing your email signs you out; you then sign in with the new address."
          />
        )}
      </form.AppField>
      <div>
        <form.AppForm>
          <form.SubmitButton pendingLabel="Saving...">Update Profile</form.SubmitButton>
        </form.AppForm>
      </div>
    </form>
  );
}
