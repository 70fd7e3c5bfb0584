import { ACTIVITY_FILTER_TYPES } from "@schema/auth.ts";
import { Button } from "@/ui/button.tsx";
import { DatePicker } from "@/ui/date-picker.tsx";
import { Label } from "@/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select.tsx";
import {
  ACTIVITY_LABELS,
  type ActivityFilters,
  type ActivityType,
  usePatientOptions,
  useUserOptions,
} from "./activity-api.ts";

const ALL = "all";
/** "Who opened this patient's data lately" is asked over a month: one click sets the start date. */
const LAST_DAYS = 30;

function daysAgo(days: number): Date {
  const day = new Date();
  day.setDate(day.getDate() - days);
  return day;
}

interface Props {
  value: ActivityFilters;
  onChange: (filters: ActivityFilters) => void;
  onApply: () => void;
  onClear: () => void;
}

/** Filters are drafted here and only take effect on Apply Filters. */
export function ActivityFilterBar({ value, onChange, onApply, onClear }: Props) {
  const users = useUserOptions().data ?? [];
  const patients = usePatientOptions().data ?? [];
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...value, ...patch });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <div className="grid gap-2">
        <Label htmlFor="activity-type">Activity type</Label>
        <Select
          value={value.activityType ?? ALL}
          onValueChange={(t) => set({ activityType: t === ALL ? null : (t as ActivityType) })}
        >
          <SelectTrigger id="activity-type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All</SelectItem>
            {ACTIVITY_FILTER_TYPES.map((t) => (
              <SelectItem key={t} value={t}>
                {ACTIVITY_LABELS[t]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="activity-user">User</Label>
        <Select value={value.userId ?? ALL} onValueChange={(id) => set({ userId: id === ALL ? null : id })}>
          <SelectTrigger id="activity-user">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All</SelectItem>
            {users.map((u) => (
              <SelectItem key={u.id} value={u.id}>
                {[u.first_name, u.last_name].filter(Boolean).join(" ") || u.username} ({u.username})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="activity-patient">Patient</Label>
        <Select value={value.patientId ?? ALL} onValueChange={(id) => set({ patientId: id === ALL ? null : id })}>
          <SelectTrigger id="activity-patient">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All</SelectItem>
            {patients.map((p) => (
              <SelectItem key={p.id} value={p.id}>
                {[p.first_name, p.last_name].filter(Boolean).join(" ") || p.username} ({p.username})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="activity-start">Start date</Label>
        <DatePicker
          id="activity-start"
          placeholder="Start date"
          value={value.start}
          notAfter={value.end}
          onChange={(start) => set({ start })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="activity-end">End date</Label>
        <DatePicker
          id="activity-end"
          placeholder="End date"
          value={value.end}
          notBefore={value.start}
          onChange={(end) => set({ end })}
        />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3 lg:justify-end">
        <Button variant="outline" onClick={() => set({ start: daysAgo(LAST_DAYS), end: undefined })}>
          Last {LAST_DAYS} Days
        </Button>
        <Button variant="outline" onClick={onClear}>
          Clear Filters
        </Button>
        <Button onClick={onApply}>Apply Filters</Button>
      </div>
    </div>
  );
}
