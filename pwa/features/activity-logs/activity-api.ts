import type { ACTIVITY_FILTER_TYPES } from "@schema/auth.ts";
import { ROLES, TIMINGS } from "@schema/constants.ts";
import { messages } from "@schema/messages.ts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import * as v from "valibot";
import { api, apiWithHeaders } from "@/lib/api.ts";
import { endOfDayIso, startOfDayIso } from "@/lib/dates.ts";

export type ActivityType = (typeof ACTIVITY_FILTER_TYPES)[number];

export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  login: "Login",
  login_failed: "Login Failed",
  logout: "Logout",
  profile_update: "Profile Update",
  password_change: "Password Change",
  data_delete: "Data Deletion",
  prompt_mark: "Prompt Mark Change",
  fhir_export: "FHIR Export",
  record_view: "Record View",
};

/** A row of GET /api/admin/user-activity. */
export const Activity = v.object({
  id: v.string(),
  user_id: v.nullable(v.string()),
  user_full_name: v.nullable(v.string()),
  username: v.nullable(v.string()),
  activity_type: v.string(),
  ip_address: v.nullable(v.string()),
  timestamp: v.string(),
  metadata: v.nullable(v.unknown()),
});
export type Activity = v.InferOutput<typeof Activity>;

export interface ActivityFilters {
  activityType: ActivityType | null;
  userId: string | null;
  /** Only what concerns this patient: who opened (record views) or exported their data. */
  patientId: string | null;
  start: Date | undefined;
  end: Date | undefined;
}
export const NO_FILTERS: ActivityFilters = {
  activityType: null,
  userId: null,
  patientId: null,
  start: undefined,
  end: undefined,
};

export const PAGE_SIZE = 50;

/** The query string: only the filters that are set; dates as the spec's start and end of day. */
export function activitySearch(filters: ActivityFilters, offset: number): string {
  const q = new URLSearchParams();
  if (filters.activityType) q.set("activityType", filters.activityType);
  if (filters.userId) q.set("userId", filters.userId);
  if (filters.patientId) q.set("patientId", filters.patientId);
  if (filters.start) q.set("startDate", startOfDayIso(filters.start));
  if (filters.end) q.set("endDate", endOfDayIso(filters.end));
  q.set("limit", String(PAGE_SIZE));
  q.set("offset", String(offset));
  return q.toString();
}

/** Details as indented JSON, or "No details" when there are none. */
export function formatDetails(metadata: unknown): string {
  if (metadata === null || metadata === undefined) return messages.activity.noDetails;
  if (typeof metadata === "object" && Object.keys(metadata).length === 0) return messages.activity.noDetails;
  return JSON.stringify(metadata, null, 2);
}

export function useActivity(filters: ActivityFilters, offset: number) {
  return useQuery({
    queryKey: ["/api/admin/user-activity", filters, offset],
    queryFn: async () => {
      const { body, headers } = await apiWithHeaders(`/api/admin/user-activity?${activitySearch(filters, offset)}`);
      const rows = v.parse(v.array(Activity), body);
      const total = Number(headers.get("X-Total-Count") ?? rows.length);
      return { rows, total: Number.isFinite(total) ? total : rows.length };
    },
    placeholderData: keepPreviousData,
  });
}

const UserOption = v.object({
  id: v.string(),
  username: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
  role: v.picklist(ROLES),
});

/** The user filter's choices. */
export function useUserOptions() {
  return useQuery({
    queryKey: ["/api/admin/users", "filter-options"],
    queryFn: async () => v.parse(v.array(UserOption), await api("/api/admin/users")),
    staleTime: TIMINGS.usersPatientsFreshMs,
  });
}

const PatientOption = v.object({
  id: v.string(),
  username: v.string(),
  first_name: v.nullable(v.string()),
  last_name: v.nullable(v.string()),
});

/** The patient filter's choices: every patient (the page is an admin's). */
export function usePatientOptions() {
  return useQuery({
    queryKey: ["/api/patients", "filter-options"],
    queryFn: async () => v.parse(v.array(PatientOption), await api("/api/patients")),
    staleTime: TIMINGS.usersPatientsFreshMs,
  });
}
