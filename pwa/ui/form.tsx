import { createFormHook, createFormHookContexts } from "@tanstack/react-form";
import type { ComponentProps, ReactNode } from "react";
import * as v from "valibot";
import { useFocusAfterPaint } from "@/lib/use-focus-after-paint.ts";
import { Button } from "@/ui/button.tsx";
import { FormField } from "@/ui/form-field.tsx";
import { Input } from "@/ui/input.tsx";
import { PasswordInput } from "@/ui/password-input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select.tsx";
import { Textarea } from "@/ui/textarea.tsx";

/**
 * The one form pattern: TanStack Form validated by a valibot schema (Standard Schema), with
 * bound field components that show the schema's message under the field.
 *
 *   const form = useAppForm({
 *     defaultValues: { email: "" },
 *     validators: { onChange: validateWith(InvitationBody), onSubmit: validateWith(InvitationBody) },
 *     onSubmit: async ({ value }) => { ... },
 *   });
 *   <form {...formProps(form)}>
 *     <form.AppField name="email">{(f) => <f.TextField label="Email" type="email" />}</form.AppField>
 *     <form.AppForm><form.SubmitButton pendingLabel="Sending...">Send Invitation</form.SubmitButton></form.AppForm>
 *   </form>
 */
const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/**
 * A form validator from any valibot schema (a server request schema from schema/ works as is):
 * each field gets the schema's first message for its path; a form-level issue goes to the form.
 */
export function validateWith<TValues>(schema: v.GenericSchema<any, any>) {
  return ({ value }: { value: TValues }) => {
    const result = v.safeParse(schema, value);
    if (result.success) return undefined;
    const fields: Record<string, string> = {};
    let form: string | undefined;
    for (const issue of result.issues) {
      const path = v.getDotPath(issue);
      if (!path) form ??= issue.message;
      else fields[path] ??= issue.message;
    }
    return { form, fields };
  };
}

/** The first message of a field's errors; valibot issues and plain strings both count. */
function firstError(errors: readonly unknown[]): string | undefined {
  for (const e of errors) {
    if (typeof e === "string" && e) return e;
    if (e && typeof e === "object" && "message" in e && typeof e.message === "string") return e.message;
  }
  return undefined;
}

/** Errors show once the field was touched or the form was submitted, not while typing the first time. */
function useFieldError() {
  const field = useFieldContext<unknown>();
  const { isTouched, errors } = field.state.meta;
  const submitted = field.form.state.submissionAttempts > 0;
  return isTouched || submitted ? firstError(errors) : undefined;
}

/** The props that tie a text control to its form field. */
const bindText = (field: ReturnType<typeof useFieldContext<string>>) => ({
  name: field.name,
  value: field.state.value ?? "",
  onChange: (e: { target: { value: string } }) => field.handleChange(e.target.value),
  onBlur: field.handleBlur,
});

type FieldProps<C> = { label: ReactNode; description?: ReactNode } & Omit<C, "value" | "onChange" | "onBlur" | "name">;

function TextField({ label, description, ...props }: FieldProps<ComponentProps<"input">>) {
  const field = useFieldContext<string>();
  return (
    <FormField label={label} description={description} error={useFieldError()}>
      <Input {...bindText(field)} {...props} />
    </FormField>
  );
}

/**
 * `answer`: an error only the submit can tell (a wrong PIN), shown where the schema's are and read out at once.
 * `autoFocus` focuses the field once it is painted (useFocusAfterPaint).
 */
function PasswordField({
  label,
  description,
  answer,
  autoFocus,
  ...props
}: FieldProps<Omit<ComponentProps<"input">, "type">> & { answer?: string | null }) {
  const field = useFieldContext<string>();
  const error = useFieldError();
  const focused = useFocusAfterPaint<HTMLInputElement>(autoFocus);
  return (
    <FormField label={label} description={description} error={error ?? answer ?? undefined} announce={!error}>
      <PasswordInput ref={focused} {...bindText(field)} {...props} />
    </FormField>
  );
}

function TextareaField({ label, description, ...props }: FieldProps<ComponentProps<"textarea">>) {
  const field = useFieldContext<string>();
  return (
    <FormField label={label} description={description} error={useFieldError()}>
      <Textarea {...bindText(field)} {...props} />
    </FormField>
  );
}

/** A choice of `options` (plain values, or values with labels); shows the schema's message like the text fields. */
function SelectField({
  label,
  description,
  options,
  placeholder,
}: {
  label: ReactNode;
  description?: ReactNode;
  options: readonly (string | { value: string; label: string })[];
  placeholder?: string;
}) {
  const field = useFieldContext<string>();
  return (
    // The label must reach the trigger (the focusable control), so the field sits inside the Select root.
    <Select value={field.state.value || undefined} onValueChange={field.handleChange}>
      <FormField label={label} description={description} error={useFieldError()}>
        <SelectTrigger>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
      </FormField>
      <SelectContent>
        {options.map((option) => {
          const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <SelectItem key={value} value={value}>
              {label}
            </SelectItem>
          );
        })}
      </SelectContent>
    </Select>
  );
}

/** The submit button; it shows `pendingLabel` and is disabled while the submit runs. */
/** The form's submit button; `pending` keeps it busy after the submit, while what it started finishes. */
function SubmitButton({
  children,
  pendingLabel,
  pending = false,
  disabled,
  ...props
}: ComponentProps<typeof Button> & { pendingLabel?: string; pending?: boolean }) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(s) => s.isSubmitting}>
      {(isSubmitting) => (
        <Button type="submit" {...props} disabled={isSubmitting || pending || disabled}>
          {(isSubmitting || pending) && pendingLabel ? pendingLabel : children}
        </Button>
      )}
    </form.Subscribe>
  );
}

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, PasswordField, TextareaField, SelectField },
  formComponents: { SubmitButton },
});

/** Forms whose submit is under way: a second tap before it ended (and disabled the button) is the same submit. */
const submitting = new WeakSet<object>();

/**
 * Props for the <form> element: no browser validation bubbles, submit through TanStack Form. The
 * submit (every field validated, the form's state updated, its fields rendered again) runs in a task
 * of its own, after the tap's: together, on a slowed tablet during a first sync, they took up to
 * 126 ms of the main thread in one go (the tap's focus change and the button's handlers come first).
 */
export function formProps(form: { handleSubmit: () => Promise<void> }) {
  return {
    noValidate: true,
    onSubmit: (e: { preventDefault: () => void; stopPropagation: () => void }) => {
      e.preventDefault();
      e.stopPropagation();
      if (submitting.has(form)) return;
      submitting.add(form);
      setTimeout(() => {
        void form.handleSubmit().finally(() => submitting.delete(form));
      });
    },
  };
}
