import { messages } from "@schema/messages.ts";
import { PromptForm } from "@schema/prompt.ts";
import type { Prompt } from "@schema/rows.ts";
import { useState } from "react";
import * as v from "valibot";
import { errorMessage } from "@/lib/api.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { notify } from "@/lib/notify.tsx";
import { useOnline } from "@/lib/use-online.ts";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Button } from "@/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { createPrompt } from "./prompt-api.ts";
import { undeletableReason } from "./prompt-list.ts";

const PromptFields = v.omit(PromptForm, ["id"]);

interface Props {
  prompt: Prompt | null;
  onClose: () => void;
  canDelete: boolean;
  onDelete: (prompt: Prompt) => Promise<boolean>;
  onSaved: () => void;
}

/**
 * A prompt's details, editable. Saving never changes the original: it creates a new prompt
 * (the spec's Save as New Prompt), which the server makes the test prompt.
 */
export function PromptDetailsDialog({ prompt, onClose, canDelete, onDelete, onSaved }: Props) {
  return (
    <Dialog open={prompt !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        {prompt && <PromptDetails key={prompt.id} prompt={prompt} {...{ onClose, canDelete, onDelete, onSaved }} />}
      </DialogContent>
    </Dialog>
  );
}

function PromptDetails({ prompt, onClose, canDelete, onDelete, onSaved }: Props & { prompt: Prompt }) {
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const reason = undeletableReason(prompt);
  const form = useAppForm({
    defaultValues: { title: prompt.title, owner: prompt.owner, prompt: prompt.prompt },
    validators: { onSubmit: validateWith(PromptFields) },
    onSubmit: async ({ value }) => {
      try {
        const created = await createPrompt(v.parse(PromptFields, value));
        notify.success("Prompt saved", `Saved as a new prompt with ID ${created.id}`);
        onSaved();
        onClose();
      } catch (err) {
        notify.error(messages.prompts.saveFailed, errorMessage(err, messages.prompts.submitFailed));
      }
    },
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Prompt Details</DialogTitle>
        <DialogDescription>
          ID {prompt.id} · {prompt.created_at ? formatDateTime(prompt.created_at) : messages.generic.unknownDate}.
          Saving creates a new prompt; this one stays as it is.
        </DialogDescription>
      </DialogHeader>
      <form {...formProps(form)} className="grid gap-4">
        <form.AppField name="title">{(f) => <f.TextField label="Title" />}</form.AppField>
        <form.AppField name="owner">{(f) => <f.TextField label="Owner" />}</form.AppField>
        <form.AppField name="prompt">
          {(f) => <f.TextareaField label="Prompt content" className="min-h-64 font-mono text-sm" />}
        </form.AppField>
        <DialogFooter className="sm:justify-between">
          {canDelete ? (
            <div className="flex flex-col gap-1">
              <Button
                variant="destructive"
                disabled={!online || reason !== null}
                aria-describedby={reason ? "prompt-undeletable" : undefined}
                onClick={() => setConfirming(true)}
              >
                Delete Prompt
              </Button>
              {reason && (
                <span id="prompt-undeletable" className="text-xs text-muted-foreground">
                  {reason}
                </span>
              )}
            </div>
          ) : (
            <span />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <form.Subscribe selector={(s) => Boolean(s.values.title.trim() && s.values.prompt.trim())}>
              {(filled) => (
                <form.AppForm>
                  <form.SubmitButton disabled={!filled || !online} pendingLabel="Saving...">
                    Save as New Prompt
                  </form.SubmitButton>
                </form.AppForm>
              )}
            </form.Subscribe>
          </div>
        </DialogFooter>
        {!online && <p className="text-sm text-muted-foreground">Saving and deleting need a connection.</p>}
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this prompt?"
        description={`"${prompt.title}" will be deleted. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (await onDelete(prompt)) onClose();
        }}
      />
    </>
  );
}
