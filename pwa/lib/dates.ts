import { messages } from "@schema/messages.ts";

// Written out rather than Intl.DateTimeFormat: a page's first Intl formatter loads ICU's data (25–35 ms
// at full speed, about 120 ms on a mid-range tablet, in the render of the first screen that shows a
// date), and formatToParts cost every message and conversation row of a list. The device's time
// zone is the Date's local time, as Intl's default.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const day = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;

/** "January 5, 2025 13:04:05" in the device's time zone; "Invalid date" for anything unreadable. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return messages.generic.invalidDate;
  return `${day(d)} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** "January 5, 2025"; "Invalid date" for anything unreadable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? day(d) : messages.generic.invalidDate;
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
