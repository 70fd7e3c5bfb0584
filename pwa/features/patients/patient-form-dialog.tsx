import { GENDER_LABELS, GENDERS, PATIENT_AGE } from "@schema/constants.ts";
import { patientMessages } from "@schema/patient.ts";
import type { Patient } from "@schema/rows.ts";
import { staffName } from "@/lib/display-name.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { Button } from "@/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog.tsx";
import { formProps, useAppForm, validateWith } from "@/ui/form.tsx";
import { emptyPatient, PatientForm, patientValues } from "./patient-values.ts";
import { effectiveUsername, useClinicians, usePatientActions } from "./use-patients.ts";

const genders = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

/** Add (no `patient`) or edit a patient; admins also choose the clinician. */
export function PatientFormDialog({
  patient,
  open,
  onOpenChange,
}: {
  patient?: Patient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{patient ? "Edit Patient" : "Add Patient"}</DialogTitle>
          <DialogDescription>
            {patient
              ? "Change the patient's details."
              : "The initial password is the first name followed by the last name."}
          </DialogDescription>
        </DialogHeader>
        {open && <PatientFormBody patient={patient} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PatientFormBody({ patient, onDone }: { patient?: Patient; onDone: () => void }) {
  const { user, isAdmin } = useAuth();
  const clinicians = useClinicians();
  const actions = usePatientActions(isAdmin);
  const form = useAppForm({
    defaultValues: patient ? patientValues(patient) : emptyPatient(user?.id ?? ""),
    validators: {
      onSubmit: validateWith(PatientForm),
      onSubmitAsync: async ({ value }) =>
        (await actions.usernameTaken(effectiveUsername(value), patient?.id))
          ? { fields: { username: patientMessages.usernameTaken } }
          : undefined,
    },
    onSubmit: async ({ value }) => {
      const saved = patient ? await actions.update(patient.id, value) : await actions.create(value);
      if (saved) onDone();
    },
  });
  return (
    <form {...formProps(form)} className="grid gap-3">
      <div className="grid grid-cols-2 gap-2">
        <form.AppField name="first_name">{(f) => <f.TextField label="First name" autoComplete="off" />}</form.AppField>
        <form.AppField name="last_name">{(f) => <f.TextField label="Last name" autoComplete="off" />}</form.AppField>
      </div>
      <form.AppField name="age">
        {(f) => (
          <f.TextField label="Age" type="number" inputMode="numeric" min={PATIENT_AGE.min} max={PATIENT_AGE.max} />
        )}
      </form.AppField>
      <form.AppField name="gender">
        {(f) => <f.SelectField label="Gender" options={genders} placeholder="Select gender" />}
      </form.AppField>
      <form.Subscribe selector={(s) => effectiveUsername({ ...s.values, username: "" })}>
        {(placeholder) => (
          <form.AppField name="username">
            {(f) => (
              <f.TextField
                label="Username (optional)"
                placeholder={placeholder || "firstnamelastname"}
                autoComplete="off"
                description="Left blank, the first name and last name in lowercase."
              />
            )}
          </form.AppField>
        )}
      </form.Subscribe>
      {isAdmin && (
        <form.AppField name="clinician_id">
          {(f) => (
            <f.SelectField
              label="Clinician"
              options={clinicians.map((c) => ({ value: c.id, label: staffName(c) }))}
              placeholder="Select clinician"
            />
          )}
        </form.AppField>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <form.AppForm>
          <form.SubmitButton pendingLabel="Saving...">{patient ? "Save Changes" : "Add Patient"}</form.SubmitButton>
        </form.AppForm>
      </div>
    </form>
  );
}
