import { messages } from "@schema/messages.ts";

// Made at their first use, not when this module loads: on a slow tablet the two took 44 ms of the
// signed-in layout's evaluation, which the first sync of a sign-in waits for.
let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;
const dateTimeFormat = () =>
  (dateTime ??= new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }));
const dateOnlyFormat = () =>
  (dateOnly ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" }));

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "January 5, 2025 13:04:05" in the device's time zone; "Invalid date" for anything unreadable. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return messages.generic.invalidDate;
  const parts = Object.fromEntries(
    dateTimeFormat()
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** "January 5, 2025"; "Invalid date" for anything unreadable. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateOnlyFormat().format(d) : messages.generic.invalidDate;
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
