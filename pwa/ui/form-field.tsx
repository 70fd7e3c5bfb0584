import { cloneElement, type ReactElement, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn.ts";
import { Label } from "./label.tsx";

interface FormFieldProps {
  label: ReactNode;
  /** The control: an Input, Textarea, SelectTrigger… It receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  error?: string;
  description?: ReactNode;
  /** The error answers a submit (not typing): screen readers read it out as it appears. */
  announce?: boolean;
  id?: string;
  className?: string;
}

/** A label, a control and the error under it, wired for screen readers. */
export function FormField({ label, children, error, description, announce, id, className }: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-error`;
  const descriptionId = `${controlId}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={controlId}>{label}</Label>
      {cloneElement(children, {
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} role={announce ? "alert" : undefined} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
