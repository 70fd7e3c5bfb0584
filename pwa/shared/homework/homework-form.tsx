import { DURATION_UNITS, HOMEWORK_FREQUENCIES } from "@schema/constants.ts";
import { Button } from "@/ui/button.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { HomeworkForm, type HomeworkFormValues } from "./homework-values.ts";

interface HomeworkFormProps {
  initial: HomeworkFormValues;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (value: HomeworkFormValues) => Promise<void> | void;
  onCancel: () => void;
}

/** The fields of a homework assignment, shared by the Add dialog and a card's edit mode. */
export function HomeworkFormBody({ initial, submitLabel, pendingLabel, onSubmit, onCancel }: HomeworkFormProps) {
  const form = useAppForm({
    defaultValues: initial,
    validators: { onSubmit: validateWith(HomeworkForm) },
    onSubmit: ({ value }) => onSubmit(value),
  });
  return (
    <form {...formProps(form)} className="grid gap-3">
      <form.AppField name="fear">{(f) => <f.TextField label="Fear" />}</form.AppField>
      <form.AppField name="exposurePractice">
        {(f) => <f.TextareaField label="Exposure practice" rows={2} />}
      </form.AppField>
      <form.AppField name="frequency">
        {(f) => <f.SelectField label="Frequency" options={HOMEWORK_FREQUENCIES} placeholder="Choose frequency" />}
      </form.AppField>
      <div className="grid grid-cols-3 gap-2">
        <form.AppField name="roundNumber">
          {(f) => <f.TextField label="Rounds" type="number" min={1} step={1} inputMode="numeric" />}
        </form.AppField>
        <form.AppField name="durationValue">
          {(f) => <f.TextField label="Duration" type="number" min={1} step={1} inputMode="numeric" />}
        </form.AppField>
        <form.AppField name="durationUnit">
          {(f) => <f.SelectField label="Unit" options={DURATION_UNITS} placeholder="Choose unit" />}
        </form.AppField>
      </div>
      <form.AppField name="safetyBehavior">{(f) => <f.TextField label="Safety behavior (optional)" />}</form.AppField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <form.AppForm>
          <form.SubmitButton pendingLabel={pendingLabel}>{submitLabel}</form.SubmitButton>
        </form.AppForm>
      </div>
    </form>
  );
}
