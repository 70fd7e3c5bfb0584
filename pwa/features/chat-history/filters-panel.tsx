import { ShieldAlertIcon } from "lucide-react";
import type { Live } from "@/shared/sync/use-live.ts";
import { Button } from "@/ui/button.tsx";
import { DatePicker } from "@/ui/date-picker.tsx";
import { Label } from "@/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select.tsx";
import type { ChatFiltersState } from "./use-chat-filters.ts";

export interface PatientOption {
  username: string;
  /** "display name (username)" where a display name exists, else the username. */
  label: string;
}

const ALL = "__all__";
/** Stands in for the patients while the device store is read; never chosen (disabled). */
const LOADING = "__loading__";

export function FiltersPanel({ state, patients }: { state: ChatFiltersState; patients: Live<PatientOption[]> }) {
  const { filters, startDay, endDay } = state;
  return (
    <div id="chat-filters" className="grid gap-4 rounded-md border p-4 md:grid-cols-[1fr_1fr_1fr_auto] md:items-end">
      <div className="grid gap-2">
        <Label htmlFor="chat-patient">Patient</Label>
        <Select
          value={filters.patientName ?? ALL}
          onValueChange={(value) => state.setPatient(value === ALL ? null : value)}
        >
          <SelectTrigger id="chat-patient">
            <SelectValue placeholder="All Patients" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All Patients</SelectItem>
            {patients.status === "loading" && (
              <SelectItem value={LOADING} disabled>
                Loading patients…
              </SelectItem>
            )}
            {patients.status === "ready" &&
              patients.data.map((p) => (
                <SelectItem key={p.username} value={p.username}>
                  {p.label}
                </SelectItem>
              ))}
          </SelectContent>
        </Select>
        {patients.status === "error" && (
          <p role="alert" className="text-sm text-destructive">
            Error loading patients
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="chat-start">Start date</Label>
        <DatePicker
          id="chat-start"
          value={startDay}
          onChange={state.setStart}
          placeholder="Start date"
          notAfter={endDay}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="chat-end">End date</Label>
        <DatePicker id="chat-end" value={endDay} onChange={state.setEnd} placeholder="End date" notBefore={startDay} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={filters.safetyOnly ? "destructive" : "outline"}
          aria-pressed={filters.safetyOnly}
          onClick={() => state.setSafetyOnly(!filters.safetyOnly)}
        >
          <ShieldAlertIcon aria-hidden />
          Safety risk only
        </Button>
        <Button variant="ghost" onClick={state.clearFilters}>
          Clear Filters
        </Button>
      </div>
    </div>
  );
}
