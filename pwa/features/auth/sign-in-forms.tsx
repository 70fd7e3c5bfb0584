import { deviceLockMessages } from "@schema/device-lock.ts";
import { messages } from "@schema/messages.ts";
import { deviceWasWiped } from "@/shared/auth/device-wiped.ts";
import { Spinner } from "@/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs.tsx";
import { FormAlert } from "./form-alert.tsx";
import { LoginForm } from "./login-form.tsx";
import { RegisterForm } from "./register-form.tsx";
import { useInvitation } from "./use-invitation.ts";

/** Sign-in's forms (Login, and Register for an invited address) with what the device and the invitation say. */
export default function SignInForms() {
  const { token, checking, invitation, error } = useInvitation();
  const wiped = deviceWasWiped();

  const valid = invitation?.valid === true ? invitation : null;
  const problem = invitation && !invitation.valid ? invitation.message : error ? error.message : null;

  return (
    <>
      {wiped && (
        <div className="mb-4">
          <FormAlert title={deviceLockMessages.wipedTitle}>{deviceLockMessages.wiped}</FormAlert>
        </div>
      )}
      <Tabs defaultValue={valid ? "register" : "login"} key={valid ? "invited" : "login"}>
        <TabsList>
          <TabsTrigger value="login">Login</TabsTrigger>
          {valid && <TabsTrigger value="register">Register</TabsTrigger>}
        </TabsList>
        <TabsContent value="login">
          <LoginForm />
        </TabsContent>
        {valid && (
          <TabsContent value="register">
            <RegisterForm token={token} email={valid.email} />
          </TabsContent>
        )}
      </Tabs>
      <div className="mt-6 text-center text-sm text-muted-foreground">
        {checking ? (
          <span className="inline-flex items-center gap-2">
            <Spinner className="size-4" label="Checking your invitation" /> Checking your invitation…
          </span>
        ) : valid ? (
          <p>You have been invited to Stepwise. Create your account on the Register tab.</p>
        ) : (
          <>
            {problem && <p className="mb-1 text-destructive">{problem}</p>}
            <p>{messages.auth.byInvitationOnly}</p>
          </>
        )}
      </div>
    </>
  );
}
