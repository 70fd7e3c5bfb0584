import { describe, expect, it } from "vitest";
import { distinctIds } from "./summaries-table.tsx";

describe("the ID column", () => {
  it("shows 8 characters of ids that differ early", () => {
    const shown = distinctIds(["59a5ef95-d042-4fc4-9362-15120569f435", "d1e9c2ca-56c7-4409-8b00-d2278292493f"]);
    expect([...shown.values()]).toEqual(["59a5ef95…", "d1e9c2ca…"]);
  });

  it("tells apart ids that share their first characters", () => {
    const a = "conversation-2026-11-22-0001";
    const b = "conversation-2026-11-22-0002";
    const c = "59a5ef95-aaaa";
    const shown = distinctIds([a, b, c, "59a5ef95-bbbb"]);
    expect(shown.get(a)).toBe(a);
    expect(shown.get(b)).toBe(b);
    expect(shown.get(c)).toBe("59a5ef95-a…");
    expect(new Set(shown.values()).size).toBe(4);
  });
});
