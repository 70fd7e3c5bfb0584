import { GENDER_LABELS } from "@schema/constants.ts";
import type { Patient } from "@schema/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useAuth } from "@/app/auth/auth-context.tsx";
import { useStore } from "@/app/sync/sync-context.ts";
import { useOnline } from "@/app/sync/use-online.ts";
import { displayName, staffName } from "@/lib/display-name.ts";
import { HomeworkPanel } from "@/shared/homework/homework-panel.tsx";
import { Button } from "@/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@/ui/card.tsx";
import { DeleteConversationsDialog } from "./delete-conversations-dialog.tsx";
import { SudsChart } from "./suds-chart.tsx";

/** The selected patient: who they are, their clinician, their SUDS over time and their homework. */
export function PatientInfoCard({ patientName, onDeleted }: { patientName: string; onDeleted: () => void }) {
  const store = useStore();
  const { isAdmin } = useAuth();
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const data = useLiveQuery(async () => {
    const patient = await store.patients.where("username").equals(patientName).first();
    const clinician = patient?.clinician_id ? await store.clinicians.get(patient.clinician_id) : undefined;
    const summaries = await store.conversation_summaries.where("patient_name").equals(patientName).toArray();
    return { patient, clinician, summaries };
  }, [store, patientName]);
  const patient = data?.patient;
  const clinicianName = patient?.clinician_name ?? (data?.clinician ? staffName(data.clinician) : null);

  return (
    <>
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-2">
          <CardTitle className="text-lg">{patient ? displayName(patient) : patientName}</CardTitle>
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
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          <PatientFacts patient={patient} clinicianName={clinicianName} />
          {data && <SudsChart summaries={data.summaries} patient={patientName} />}
          <HomeworkPanel patientName={patientName} />
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

function PatientFacts({ patient, clinicianName }: { patient: Patient | undefined; clinicianName: string | null }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
      {patient && (
        <>
          <dt className="text-muted-foreground">Username</dt>
          <dd className="break-all">{patient.username}</dd>
          <dt className="text-muted-foreground">Age</dt>
          <dd>{patient.age}</dd>
          <dt className="text-muted-foreground">Gender</dt>
          <dd>{GENDER_LABELS[patient.gender] ?? patient.gender}</dd>
        </>
      )}
      {clinicianName && (
        <>
          <dt className="text-muted-foreground">Clinician</dt>
          <dd>{clinicianName}</dd>
        </>
      )}
    </dl>
  );
}
