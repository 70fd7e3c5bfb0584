import { KeyRoundIcon } from "lucide-react";
import { useSearchParams } from "react-router";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs.tsx";
import { PasswordForm } from "./password-form.tsx";
import { ProfileForm } from "./profile-form.tsx";

type Tab = "profile" | "password";

export default function ProfilePage() {
  usePageTitle("Profile");
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const mustChange = user?.must_change_password === true;
  const tab: Tab = mustChange || params.get("tab") === "password" ? "password" : "profile";
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">Profile</h1>
      {mustChange && (
        <div role="alert" className="flex gap-3 rounded-md border border-warning/40 bg-amber-50 p-4 text-sm">
          <KeyRoundIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <p>
            You signed in with a one-time password. Please choose your own password before you continue; the rest of
            Stepwise opens once it is changed.
          </p>
        </div>
      )}
      <Tabs
        value={tab}
        onValueChange={(next) => setParams(next === "password" ? { tab: "password" } : {}, { replace: true })}
      >
        <TabsList>
          <TabsTrigger value="profile" disabled={mustChange}>
            Profile Information
          </TabsTrigger>
          <TabsTrigger value="password">Change Password</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardHeader>
              <CardTitle>Profile Information</CardTitle>
              <CardDescription>Your name appears in the menu and on the homework you assign.</CardDescription>
            </CardHeader>
            <CardContent>
              <ProfileForm user={user} key={user.id} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="password">
          <Card>
            <CardHeader>
              <CardTitle>Change Password</CardTitle>
              <CardDescription>
                At least 6 characters. Other devices signed in to your account are signed out.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <PasswordForm />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
