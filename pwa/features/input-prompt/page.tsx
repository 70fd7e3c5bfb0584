import { DEFAULT_PROMPT_OWNER, PROMPT_LIMITS, TIMINGS } from "@schema/constants.ts";
import { PromptForm } from "@schema/prompt.ts";
import type { Prompt } from "@schema/rows.ts";
import { CheckCircle2Icon, TriangleAlertIcon } from "lucide-react";
import * as v from "valibot";
import { api } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { useOnline } from "@/lib/use-online.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { useOptionalSyncEngine } from "@/shared/sync/sync-context.ts";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "@/ui/card.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { OfflineNotice } from "@/ui/offline-notice.tsx";
import { type Banner, characterCount, failureBanner, savedBanner } from "./banner.ts";
import { useBanner } from "./use-banner.ts";

const PromptFields = v.omit(PromptForm, ["id"]);

export default function InputPromptPage() {
  usePageTitle("Input Prompt");
  const { user } = useAuth();
  const online = useOnline();
  const engine = useOptionalSyncEngine();
  const [banner, setBanner] = useBanner();
  const owner = user?.first_name?.trim() || DEFAULT_PROMPT_OWNER;

  const form = useAppForm({
    defaultValues: { title: "", owner, prompt: "" },
    validators: { onSubmit: validateWith(PromptFields) },
    onSubmit: async ({ value, formApi }) => {
      setBanner(null);
      try {
        const created = await api<Prompt>("/api/prompt-history", {
          method: "POST",
          body: {
            id: `prompt-${Date.now()}`,
            ...v.parse(PromptFields, value),
            is_test: true,
            created_at: new Date().toISOString(),
          },
          timeoutMs: TIMINGS.promptCreateTimeoutMs,
        });
        setBanner(savedBanner(created.id));
        formApi.reset({ title: "", owner, prompt: "" });
        // Prompt History reads the device store: fetch the new prompt into it now.
        void engine?.sync();
      } catch (err) {
        setBanner(failureBanner(err));
      }
    },
  });

  return (
    <Card className="mx-auto max-w-3xl">
      <CardHeader>
        <h1 className="text-2xl font-semibold leading-tight">Create Prompt</h1>
        <CardDescription>A new prompt for the AI agent. It becomes the test prompt once saved.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {banner && <BannerView banner={banner} />}
        {!online && (
          <OfflineNotice>
            Creating a prompt needs a connection. Reconnect to submit it; what you typed stays here.
          </OfflineNotice>
        )}
        <form {...formProps(form)} className="grid gap-4">
          <form.AppField name="title">
            {(f) => <f.TextField label="Title" maxLength={PROMPT_LIMITS.titleMax} />}
          </form.AppField>
          <form.AppField name="owner">{(f) => <f.TextField label="Owner" />}</form.AppField>
          <form.AppField name="prompt">
            {(f) => (
              <f.TextareaField
                label="Prompt content"
                className="min-h-72 font-mono text-sm"
                description={<span aria-live="polite">{characterCount(f.state.value)}</span>}
              />
            )}
          </form.AppField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              onClick={() => {
                form.reset({ title: "", owner, prompt: "" });
                setBanner(null);
              }}
            >
              Clear
            </Button>
            <form.AppForm>
              <form.SubmitButton disabled={!online} pendingLabel="Submitting...">
                Submit Prompt
              </form.SubmitButton>
            </form.AppForm>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function BannerView({ banner }: { banner: Banner }) {
  const success = banner.tone === "success";
  const Icon = success ? CheckCircle2Icon : TriangleAlertIcon;
  return (
    <div
      role={success ? "status" : "alert"}
      className={cn(
        "flex gap-3 rounded-md border p-4 text-sm",
        success
          ? "border-green-300 bg-green-50 text-green-900"
          : "border-destructive/40 bg-destructive/10 text-destructive",
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>
        <p className="font-medium">{banner.message}</p>
        {banner.detail && <p className="mt-1">{banner.detail}</p>}
      </div>
    </div>
  );
}
