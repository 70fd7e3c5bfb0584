import type { Patient } from "@schema/rows.ts";
import { PlusIcon, UsersIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { PAGE_SIZE, pageOf, usePageNumber } from "@/lib/paging.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { HomeworkDialog } from "@/shared/homework/homework-dialog.tsx";
import { ConfirmDialog } from "@/ui/alert-dialog.tsx";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card.tsx";
import { Label } from "@/ui/label.tsx";
import { Pager } from "@/ui/pager.tsx";
import { SearchInput } from "@/ui/search-input.tsx";
import { SkeletonRegion } from "@/ui/skeleton.tsx";
import { PatientFormDialog } from "./patient-form-dialog.tsx";
import { nameOf, type PatientRowActions, PatientsTable } from "./patients-table.tsx";
import { searchPatients, usePatientActions, usePatients } from "./use-patients.ts";

type Open = { kind: "add" } | { kind: "edit"; patient: Patient } | { kind: "homework"; patient: Patient } | null;

/** Manage Patients (spec section 2): a clinician's own patients, or all of them for an admin. */
export default function PatientsPage() {
  usePageTitle("Manage Patients");
  return <Patients />;
}

function Patients() {
  const { isAdmin } = useAuth();
  const patients = usePatients();
  const actions = usePatientActions(isAdmin);
  const [open, setOpen] = useState<Open>(null);
  const close = (next: boolean) => !next && setOpen(null);
  // Kept while the confirmation closes, so its title does not go blank as it fades out.
  const [deleting, setDeleting] = useState<{ patient: Patient; open: boolean } | null>(null);
  const [query, setQuery] = useState("");
  const [page, setPage] = usePageNumber(query.trim());
  const all = patients.status === "ready" ? patients.data : undefined;
  const matches = useMemo(() => (all ? searchPatients(all, query) : undefined), [all, query]);
  const shown = matches && pageOf(matches, page);
  const rowActions: PatientRowActions = useMemo(
    () => ({
      onHomework: (patient) => setOpen({ kind: "homework", patient }),
      onEdit: (patient) => setOpen({ kind: "edit", patient }),
      onDelete: (patient) => setDeleting({ patient, open: true }),
    }),
    [],
  );

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Manage Patients</h1>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Manage Patients</CardTitle>
            <CardDescription>
              {isAdmin ? "Every patient of the clinic." : "Your patients."} Changes made offline are sent when you
              reconnect.
            </CardDescription>
          </div>
          <Button onClick={() => setOpen({ kind: "add" })}>
            <PlusIcon aria-hidden />
            Add Patient
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          {/* Always shown, so the table does not jump when the rows arrive. */}
          <div className="grid gap-2 sm:max-w-sm">
            <Label htmlFor="patient-search">Search patients</Label>
            <SearchInput
              id="patient-search"
              placeholder="Name or username"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <SkeletonRegion loading={patients.status === "loading"} label="Loading patients…" className="grid gap-4">
            {patients.status === "error" && (
              <p role="alert" className="text-destructive">
                Error loading patients
              </p>
            )}
            {patients.status === "ready" && patients.data.length === 0 && (
              <div className="grid justify-items-center gap-2 py-10 text-center text-muted-foreground">
                <UsersIcon className="size-8" aria-hidden />
                <p>No patients yet. Add a patient to assign homework.</p>
              </div>
            )}
            {all && all.length > 0 && matches?.length === 0 && (
              <p className="py-10 text-center text-muted-foreground">No patients match this search.</p>
            )}
            {(patients.status === "loading" || (shown && shown.total > 0)) && (
              <PatientsTable
                // Another page or search draws its rows from the first five again.
                key={`${shown?.page}:${query}`}
                patients={shown?.rows}
                actions={rowActions}
              />
            )}
            {shown && shown.total > PAGE_SIZE && (
              <Pager
                label="Patient pages"
                page={shown.page}
                pageSize={PAGE_SIZE}
                total={shown.total}
                onPage={setPage}
              />
            )}
          </SkeletonRegion>
        </CardContent>
      </Card>
      <PatientFormDialog open={open?.kind === "add"} onOpenChange={close} />
      <PatientFormDialog
        key={open?.kind === "edit" ? open.patient.id : "edit"}
        patient={open?.kind === "edit" ? open.patient : undefined}
        open={open?.kind === "edit"}
        onOpenChange={close}
      />
      <ConfirmDialog
        open={deleting?.open ?? false}
        onOpenChange={(next) => !next && setDeleting((d) => d && { ...d, open: false })}
        title={deleting ? `Delete ${nameOf(deleting.patient)}?` : ""}
        description="The patient is removed with their homework. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => deleting && void actions.remove(deleting.patient.id)}
      />
      <HomeworkDialog
        patientName={open?.kind === "homework" ? open.patient.username : ""}
        open={open?.kind === "homework"}
        onOpenChange={close}
      />
    </div>
  );
}
