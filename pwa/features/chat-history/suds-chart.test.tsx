import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { formatDate } from "@/lib/dates.ts";
import { summaryRow } from "@/test/rows.ts";
import { SudsChart } from "./suds-chart.tsx";

afterEach(cleanup);

const session = (id: string, started_at: string, expected: number | null, actual: number | null) =>
  summaryRow({ id, started_at, expected_peak_suds: expected, actual_peak_suds: actual });

const chart = (...summaries: ReturnType<typeof session>[]) => {
  const { container } = render(<SudsChart summaries={summaries} patient="sample_patient_1" />);
  const svg = container.querySelector("svg") as SVGSVGElement;
  const dates = [...svg.querySelectorAll("text")].map((t) => t.textContent).filter((t) => !/^\d+$/.test(t ?? ""));
  return { svg, dates };
};

describe("the SUDS chart", () => {
  it("draws a single session's expected SUDS, not only lines between two sessions", () => {
    const { svg } = chart(session("a", "2025-01-05T13:04:05.000Z", 60, null));
    expect(svg.querySelectorAll("circle")).toHaveLength(1);
  });

  it("labels a day once when every session fell on it", () => {
    const { dates } = chart(
      session("a", "2025-01-05T09:00:00.000Z", 60, 50),
      session("b", "2025-01-05T15:00:00.000Z", 70, 40),
    );
    expect(dates).toEqual([formatDate("2025-01-05T09:00:00.000Z")]);
  });

  it("labels the first and the last day", () => {
    const { svg, dates } = chart(
      session("a", "2025-01-05T09:00:00.000Z", 60, 50),
      session("b", "2025-02-10T09:00:00.000Z", 70, 40),
    );
    expect(dates).toEqual([formatDate("2025-01-05T09:00:00.000Z"), formatDate("2025-02-10T09:00:00.000Z")]);
    // Drawn in CSS pixels (the view box is the size on screen), so 12 px text stays 12 px.
    expect(svg.getAttribute("viewBox")).toBe(`0 0 ${svg.getAttribute("width")} ${svg.getAttribute("height")}`);
    for (const text of svg.querySelectorAll("text")) expect(text.getAttribute("class")).toContain("text-xs");
  });
});
