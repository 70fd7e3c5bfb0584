import { AgentKeyCreate } from "@schema/conversation.ts";
import { CheckIcon, CopyIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import * as v from "valibot";
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
  DialogTrigger,
} from "@/ui/dialog.tsx";
import { FormField } from "@/ui/form-field.tsx";
import { Input } from "@/ui/input.tsx";
import { type CreatedAgentKey, useCreateAgentKey } from "./agent-keys-api.ts";

/** Name a key, then see it once: the server stores only its hash. */
export function CreateKeyDialog({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedAgentKey | null>(null);
  const createKey = useCreateAgentKey();
  const form = useAppForm({
    defaultValues: { name: "" },
    validators: { onSubmit: validateWith(AgentKeyCreate) },
    onSubmit: async ({ value }) => {
      await createKey.mutateAsync(v.parse(AgentKeyCreate, value).name).then(setCreated, () => {});
    },
  });

  const onOpenChange = (o: boolean) => {
    setOpen(o);
    if (!o) {
      setCreated(null);
      form.reset({ name: "" });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button disabled={disabled}>Create Key</Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        {created ? (
          <ShowKeyOnce created={created} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Create Agent Key</DialogTitle>
              <DialogDescription>
                The AI agent sends this key as a bearer token to post messages and summaries and to read its prompt.
              </DialogDescription>
            </DialogHeader>
            <form {...formProps(form)} className="grid gap-4">
              <form.AppField name="name">
                {(f) => <f.TextField label="Name" placeholder="e.g. Voice agent (production)" />}
              </form.AppField>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <form.AppForm>
                  <form.SubmitButton pendingLabel="Creating...">Create Key</form.SubmitButton>
                </form.AppForm>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ShowKeyOnce({ created }: { created: CreatedAgentKey }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      notify.error("Could not copy the key", "Select the key and copy it by hand.");
    }
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Agent key created</DialogTitle>
        <DialogDescription>Key "{created.name}"</DialogDescription>
      </DialogHeader>
      <p role="alert" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        Copy this key now. It will not be shown again; if it is lost, revoke it and create a new one.
      </p>
      <div className="flex items-end gap-2">
        <FormField label="Agent key" className="flex-1">
          <Input readOnly value={created.key} className="font-mono text-xs" onFocus={(e) => e.target.select()} />
        </FormField>
        <Button variant="outline" onClick={() => void copy()} aria-label="Copy key">
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
