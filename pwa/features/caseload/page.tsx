import { ClipboardListIcon } from "lucide-react";
import { useState } from "react";
import { staffName } from "@/lib/display-name.ts";
import { PAGE_SIZE, pageOf, usePageNumber } from "@/lib/paging.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card.tsx";
import { Input } from "@/ui/input.tsx";
import { Label } from "@/ui/label.tsx";
import { Pager } from "@/ui/pager.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select.tsx";
import { SkeletonRegion } from "@/ui/skeleton.tsx";
import { CaseloadTable } from "./caseload-table.tsx";
import { NOT_ON_TRACK_WINDOW, quietDaysOf } from "./rules.ts";
import { useCaseload, useFlagsArrived, useQuietDays, useStaff } from "./use-caseload.ts";

const LOADING_ROWS = 8;
const ALL = "all";
const UNASSIGNED = "unassigned";

/** Caseload: the patients on this device, most urgent first, read from the device store (works offline). */
export default function CaseloadPage() {
  usePageTitle("Caseload");
  return <Caseload />;
}

function Caseload() {
  const { isAdmin } = useAuth();
  const [quietDays, setQuietDays] = useQuietDays();
  const [quietText, setQuietText] = useState(String(quietDays));
  const [clinician, setClinician] = useState(ALL);
  // A new filter or quiet setting re-sorts the list: it starts again at its most urgent rows.
  const [page, setPage] = usePageNumber({ clinician, quietDays });
  const caseload = useCaseload(quietDays);
  const staff = useStaff();
  const flagsArrived = useFlagsArrived();

  const all = caseload.status === "ready" ? caseload.data : undefined;
  const shown =
    all && isAdmin && clinician !== ALL
      ? all.filter((r) => (clinician === UNASSIGNED ? r.clinicianId === null : r.clinicianId === clinician))
      : all;
  // One page in the DOM at a time keeps 1,000 patients fast.
  const paged = shown && pageOf(shown, page);
  const rows = paged?.rows;

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Caseload</h1>
      <Card>
        <CardHeader className="grid gap-4">
          <div className="grid gap-1.5">
            <CardTitle>{isAdmin ? "Every clinician's patients" : "Your patients"}, most urgent first</CardTitle>
            <CardDescription>
              Safety risk: a summary with the safety flag that no clinician has marked reviewed yet (mark it reviewed in
              the summary). Not on track: over the last {NOT_ON_TRACK_WINDOW} practices of the same exposure with an
              actual peak SUDS, the latest peak is not below the first; this is information for you, not a diagnosis.
              Quiet: no practice for {quietDays} days. Open a patient to see their Chat History.
            </CardDescription>
          </div>
          <div className="flex flex-wrap items-end gap-4">
            <div className="grid gap-2">
              <Label htmlFor="caseload-quiet-days">Quiet after (days)</Label>
              <Input
                id="caseload-quiet-days"
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                className="w-28"
                value={quietText}
                onChange={(e) => {
                  setQuietText(e.target.value);
                  if (quietDaysOf(e.target.value) === Number(e.target.value)) setQuietDays(Number(e.target.value));
                }}
                onBlur={() => setQuietText(String(quietDays))}
              />
            </div>
            {isAdmin && (
              <div className="grid gap-2 sm:w-64">
                <Label htmlFor="caseload-clinician">Clinician</Label>
                <Select value={clinician} onValueChange={setClinician}>
                  <SelectTrigger id="caseload-clinician">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL}>All clinicians</SelectItem>
                    {staff.map((s) => (
                      <SelectItem key={s.id} value={s.id}>
                        {staffName(s)}
                      </SelectItem>
                    ))}
                    <SelectItem value={UNASSIGNED}>No clinician</SelectItem>
                  </SelectContent>
                </Select>
              </div>
            )}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!flagsArrived && (
            <p className="text-sm text-muted-foreground">
              Summaries are still arriving on this device: safety flags and SUDS may be incomplete.
            </p>
          )}
          <SkeletonRegion loading={caseload.status === "loading"} label="Loading caseload…">
            {caseload.status === "error" && (
              <p role="alert" className="text-destructive">
                Error loading the caseload
              </p>
            )}
            {shown && shown.length === 0 && (
              <div className="grid justify-items-center gap-2 py-10 text-center text-muted-foreground">
                <ClipboardListIcon className="size-8" aria-hidden />
                <p>
                  {all?.length
                    ? "No patients for this clinician."
                    : "No patients yet. Add patients in Manage Patients."}
                </p>
              </div>
            )}
            {(caseload.status === "loading" || (rows && rows.length > 0)) && (
              <CaseloadTable rows={rows} loadingRows={LOADING_ROWS} />
            )}
          </SkeletonRegion>
          {paged && paged.pages > 1 && (
            <Pager label="Caseload pages" page={paged.page} pageSize={PAGE_SIZE} total={paged.total} onPage={setPage} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
