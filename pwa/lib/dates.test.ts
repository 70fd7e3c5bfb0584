import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates.ts";

describe("dates", () => {
  it("shows a time as month name, day, year and 24-hour time with seconds", () => {
    expect(formatDateTime(new Date(2025, 0, 5, 13, 4, 5))).toBe("January 5, 2025 13:04:05");
    expect(formatDateTime(new Date(2025, 11, 31, 0, 0, 9))).toBe("December 31, 2025 00:00:09");
    expect(formatDate(new Date(2025, 0, 5, 13, 4, 5))).toBe("January 5, 2025");
  });

  it("an unreadable time shows Invalid date", () => {
    expect(formatDateTime("not a date")).toBe("Invalid date");
    expect(formatDateTime(null)).toBe("Invalid date");
    expect(formatDate(undefined)).toBe("Invalid date");
  });
});
