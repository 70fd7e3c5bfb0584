import { describe, expect, it } from "vitest";
import { activitySearch, formatDetails, NO_FILTERS } from "./activity-api.ts";

describe("activity log query and details", () => {
  it("sends only the filters that are set, with the page's limit and offset", () => {
    expect(activitySearch(NO_FILTERS, 0)).toBe("limit=50&offset=0");
    const q = new URLSearchParams(
      activitySearch(
        {
          activityType: "data_delete",
          userId: "u1",
          patientId: "p9",
          start: new Date(2025, 0, 5, 15, 30),
          end: new Date(2025, 0, 7, 8, 0),
        },
        100,
      ),
    );
    expect(q.get("activityType")).toBe("data_delete");
    expect(q.get("userId")).toBe("u1");
    expect(q.get("patientId")).toBe("p9");
    expect(q.get("offset")).toBe("100");
    // The spec's date filters: the start day from 00:00:00.000, the end day to 23:59:59.999 (local time).
    expect(new Date(q.get("startDate") as string).getTime()).toBe(new Date(2025, 0, 5, 0, 0, 0, 0).getTime());
    expect(new Date(q.get("endDate") as string).getTime()).toBe(new Date(2025, 0, 7, 23, 59, 59, 999).getTime());
  });

  it("shows details as indented JSON, or No details when there are none", () => {
    expect(formatDetails(null)).toBe("No details");
    expect(formatDetails({})).toBe("No details");
    expect(formatDetails({ username: "a@b.c" })).toBe('{\n  "username": "a@b.c"\n}');
  });
});
