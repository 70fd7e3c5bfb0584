import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SkeletonRows } from "./skeleton.tsx";

afterEach(cleanup);

describe("SkeletonRows", () => {
  it("holds each row's cells at the row's height, with one pulse per row rather than per cell", () => {
    const { container } = render(
      <table>
        <tbody>
          <SkeletonRows rows={5} columns={6} height="h-11" />
        </tbody>
      </table>,
    );
    const rows = container.querySelectorAll("tr");
    expect(rows).toHaveLength(5);
    expect(container.querySelectorAll("td")).toHaveLength(30);
    expect(container.querySelectorAll("td > div.h-11")).toHaveLength(30);
    const pulsing = container.querySelectorAll(".animate-pulse");
    expect([...pulsing]).toEqual([...rows]);
  });
});
