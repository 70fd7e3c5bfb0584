import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

describe("dates", () => {
  it("shows a time as month name, day, year and 24-hour time with seconds", () => {
    expect(formatDateTime(new Date(2025, 0, 5, 13, 4, 5))).toBe("January 5, 2025 13:04:05");
    expect(formatDateTime(new Date(2025, 11, 31, 0, 0, 9))).toBe("December 31, 2025 00:00:09");
    expect(formatDate(new Date(2025, 0, 5, 13, 4, 5))).toBe("January 5, 2025");
  });

  it("says what Intl's en-US formats say, in the device's time zone, across years, months and hours", () => {
    const withTime = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    const dateOnly = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });
    // Every 7 hours, 13 minutes and 17 seconds from 1999 to 2031: every month, day and hour comes.
    for (let t = Date.UTC(1999, 0, 1); t < Date.UTC(2031, 0, 1); t += ((7 * 60 + 13) * 60 + 17) * 1000) {
      const p = Object.fromEntries(withTime.formatToParts(t).map((part) => [part.type, part.value]));
      expect(formatDateTime(t)).toBe(`${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute}:${p.second}`);
      expect(formatDate(new Date(t).toISOString())).toBe(dateOnly.format(t));
    }
  });

  it("an unreadable time shows Invalid date", () => {
    expect(formatDateTime("not a date")).toBe("Invalid date");
    expect(formatDateTime(null)).toBe("Invalid date");
    expect(formatDate(undefined)).toBe("Invalid date");
  });
});
