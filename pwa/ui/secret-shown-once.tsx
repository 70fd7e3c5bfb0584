import { CheckIcon, CopyIcon, TriangleAlertIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { notify } from "@/lib/notify.tsx";
import { Button } from "./button.tsx";
import { FormField } from "./form-field.tsx";
import { Input } from "./input.tsx";

interface SecretShownOnceProps {
  /** The field's label, e.g. "Agent key"; also names the copy button ("Copy agent key"). */
  label: string;
  secret: string;
  /** Why to copy it now: the server keeps only its hash and will not show it again. */
  warning: ReactNode;
}

/** A secret the server shows this once: a warning, the value to select, and a Copy button. */
export function SecretShownOnce({ label, secret, warning }: SecretShownOnceProps) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      notify.error("Could not copy", "Select the text and copy it by hand.");
    }
  }
  return (
    <>
      <p role="alert" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{warning}</span>
      </p>
      <div className="flex items-end gap-2">
        <FormField label={label} className="flex-1">
          <Input readOnly value={secret} className="font-mono text-sm" onFocus={(e) => e.target.select()} />
        </FormField>
        <Button variant="outline" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </>
  );
}
