import { GENDER_LABELS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import type { Patient } from "@schema/rows.ts";
import { ClipboardListIcon, Trash2Icon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { displayName, staffName } from "@/lib/display-name.ts";
import { useOnline } from "@/lib/use-online.ts";
import { useRememberedOpen } from "@/lib/use-remembered-open.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { HomeworkPanel } from "@/shared/homework/homework-panel.tsx";
import { useSummariesOf } from "@/shared/homework/use-homework.ts";
import { useStore } from "@/shared/sync/sync-context.ts";
import { useLive, useTableArrived } from "@/shared/sync/use-live.ts";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card.tsx";
import { DisclosureHeading } from "@/ui/disclosure-heading.tsx";
import { Skeleton, SkeletonRegion } from "@/ui/skeleton.tsx";
import { DeleteConversationsDialog } from "./delete-conversations-dialog.tsx";
import { FhirExportButton } from "./fhir-export-button.tsx";
import { SudsChart, SudsChartSkeleton } from "./suds-chart.tsx";

/** The selected patient: who they are, their clinician, their SUDS over time and their homework. */
export function PatientInfoCard({ patientName, onDeleted }: { patientName: string; onDeleted: () => void }) {
  const store = useStore();
  const { isAdmin } = useAuth();
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  // The SUDS chart reads the patient's summaries itself, while it is open. Read here, those long
  // rows were read and opened again after every page of summaries a first sync stored, on the way
  // to the conversation the clinician opened, for a chart that starts closed.
  const read = useLive(async () => {
    const patient = await store.patients.where("username").equals(patientName).first();
    const clinician = patient?.clinician_id ? await store.clinicians.get(patient.clinician_id) : undefined;
    return { patient, clinician };
  }, [store, patientName]);
  const data = read.status === "ready" ? read.data : undefined;
  const patient = data?.patient;
  const clinicianName = patient?.clinician_name ?? (data?.clinician ? staffName(data.clinician) : null);
  // On a device still in its first sync, what is not there yet is coming: hold its place.
  const patientsArrived = useTableArrived("patients");
  const cliniciansArrived = useTableArrived("clinicians");
  const facts: Facts =
    read.status === "error"
      ? "error"
      : !data || (!patient && !patientsArrived)
        ? "loading"
        : { patient, clinicianName };
  const clinicianComing = Boolean(patient?.clinician_id && !clinicianName && !cliniciansArrived);

  return (
    <>
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
          <CardTitle className="text-lg">{patient ? displayName(patient) : patientName}</CardTitle>
          <div className="flex flex-wrap items-start justify-end gap-2">
            {patient && <FhirExportButton patient={patient} />}
            {isAdmin && (
              <Button
                variant="destructive"
                size="sm"
                disabled={!online}
                title={online ? undefined : "Deleting data needs a connection"}
                onClick={() => setConfirming(true)}
              >
                <Trash2Icon aria-hidden />
                Delete All
              </Button>
            )}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          {facts === "error" ? (
            <p role="alert" className="text-destructive">
              Error loading this patient's details
            </p>
          ) : (
            <SkeletonRegion loading={facts === "loading"} className="grid gap-4">
              {/* Beside the facts, so the card grows no taller; only its icon where the card is narrow (a phone, the side column). */}
              <div className="@container flex items-start justify-between gap-2">
                <PatientFacts facts={facts} clinicianComing={clinicianComing} />
                <Button asChild variant="outline" size="sm" className="shrink-0 @max-sm:w-11 @max-sm:px-0">
                  <Link to={`/patients/${encodeURIComponent(patientName)}/session-prep`} title="Session prep">
                    <ClipboardListIcon aria-hidden />
                    <span className="@max-sm:sr-only">Session prep</span>
                  </Link>
                </Button>
              </div>
              <SudsSection patientName={patientName} />
            </SkeletonRegion>
          )}
          <HomeworkPanel patientName={patientName} rememberOpenAs="chat-history.homework" />
        </CardContent>
      </Card>
      <DeleteConversationsDialog
        target={confirming ? patientName : null}
        label={`all conversations of ${patientName}`}
        onOpenChange={setConfirming}
        onDeleted={onDeleted}
      />
    </>
  );
}

/** Closed at first, so the Conversations list below stays within reach; the device remembers the choice. */
function SudsSection({ patientName }: { patientName: string }) {
  const [open, setOpen] = useRememberedOpen("chat-history.suds-chart", false);
  const headingId = useId();
  const bodyId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <DisclosureHeading id={headingId} open={open} onOpenChange={setOpen} controls={bodyId}>
        SUDS over time
      </DisclosureHeading>
      <div id={bodyId} hidden={!open}>
        {open && <SudsBody patientName={patientName} />}
      </div>
    </section>
  );
}

/** The chart once the patient's summaries are read (all of them: a first sync still bringing them shows the skeleton). */
function SudsBody({ patientName }: { patientName: string }) {
  const summaries = useSummariesOf(patientName);
  if (summaries.status === "error")
    return (
      <p role="alert" className="text-destructive">
        {messages.summaries.listError}
      </p>
    );
  if (summaries.status === "loading") return <SudsChartSkeleton />;
  return <SudsChart summaries={summaries.data} patient={patientName} />;
}

type Facts = "loading" | "error" | { patient: Patient | undefined; clinicianName: string | null };

const FACT_LABELS = ["Username", "Age", "Gender", "Clinician"];

function PatientFacts({ facts, clinicianComing }: { facts: Exclude<Facts, "error">; clinicianComing: boolean }) {
  if (facts === "loading") {
    return (
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1" aria-hidden>
        {FACT_LABELS.map((label) => (
          <Fact key={label} label={label} value={<Skeleton className="h-5 w-32" />} />
        ))}
      </dl>
    );
  }
  const { patient, clinicianName } = facts;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
      {patient && (
        <>
          <Fact label="Username" value={<span className="break-all">{patient.username}</span>} />
          <Fact label="Age" value={patient.age} />
          <Fact label="Gender" value={GENDER_LABELS[patient.gender] ?? patient.gender} />
        </>
      )}
      {clinicianName && <Fact label="Clinician" value={clinicianName} />}
      {clinicianComing && <Fact label="Clinician" value={<Skeleton className="h-5 w-32" />} />}
    </dl>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
