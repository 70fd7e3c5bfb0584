import { deviceLockMessages } from "@schema/device-lock.ts";
import { messages } from "@schema/messages.ts";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { deviceWasWiped, forgetDeviceWiped } from "@/shared/auth/device-wiped.ts";
import { lastKnownUser } from "@/shared/auth/last-user.ts";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card.tsx";
import { PageSpinner, Spinner } from "@/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs.tsx";
import { FormAlert } from "./form-alert.tsx";
import { LoginForm } from "./login-form.tsx";
import { RegisterForm } from "./register-form.tsx";
import { useInvitation } from "./use-invitation.ts";

export default function AuthPage() {
  usePageTitle("Admin Access");
  const { user, isLoading } = useAuth();
  const { token, checking, invitation, error } = useInvitation();
  const wiped = deviceWasWiped();
  useEffect(() => {
    if (user) forgetDeviceWiped();
  }, [user]);

  // Only a device someone signed in on may still hold a session: anywhere else the form shows at
  // once, not after the lookup's round trip (on a phone's connection, the page's slowest step).
  if (isLoading && lastKnownUser()) return <PageSpinner />;
  // Signed in (also right after login or registration); guards take a must-change-password user to Profile.
  if (user) return <Navigate to="/chat-history" replace />;

  const valid = invitation?.valid === true ? invitation : null;
  const problem = invitation && !invitation.valid ? invitation.message : error ? error.message : null;

  return (
    <div className="mx-auto w-full max-w-md py-6">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">Admin Access</h1>
          <CardDescription>Sign in to review your patients' practice and homework.</CardDescription>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>
    </div>
  );
}
