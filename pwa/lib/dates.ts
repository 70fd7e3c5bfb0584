import { messages } from "@schema/messages.ts";

const dateTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const dateOnly = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "January 5, 2025 13:04:05" in the device's time zone; "Invalid date" for anything unreadable. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return messages.generic.invalidDate;
  const parts = Object.fromEntries(dateTime.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** "January 5, 2025"; "Invalid date" for anything unreadable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateOnly.format(d) : messages.generic.invalidDate;
}

/** The spec's date filters: a start date from 00:00:00.000, an end date to 23:59:59.999, local time, as ISO. */
export function startOfDayIso(day: Date): string {
  const d = new Date(day);
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}
export function endOfDayIso(day: Date): string {
  const d = new Date(day);
  d.setHours(23, 59, 59, 999);
  return d.toISOString();
}
