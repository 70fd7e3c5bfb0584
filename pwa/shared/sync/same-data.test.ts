import { describe, expect, it } from "vitest";
import { sameData } from "./same-data.ts";

describe("sameData (a store read answering what it answered before)", () => {
  const row = { id: "m1", data: "Hello", timestamp: 5, prompt_id: null, tags: ["a", "b"], extra: { suds: 3 } };

  it("holds for rows read again (new objects, same fields and values)", () => {
    expect(sameData([row, { ...row, id: "m2" }], [structuredClone(row), { ...structuredClone(row), id: "m2" }])).toBe(
      true,
    );
    expect(sameData(undefined, undefined)).toBe(true);
    expect(sameData("3:4", "3:4")).toBe(true);
  });

  it("fails on an edited field, an added or removed row or field, or another order", () => {
    expect(sameData([row], [{ ...row, data: "Hello!" }])).toBe(false);
    expect(sameData([row], [{ ...row, extra: { suds: 4 } }])).toBe(false);
    expect(sameData([row], [row, row])).toBe(false);
    expect(sameData([row], [{ ...row, _pending: true }])).toBe(false);
    const { prompt_id: _, ...without } = row;
    expect(sameData([row], [{ ...without, other: null }])).toBe(false);
    expect(sameData([row, { ...row, id: "m2" }], [{ ...row, id: "m2" }, row])).toBe(false);
    expect(sameData(null, undefined)).toBe(false);
    expect(sameData([], {})).toBe(false);
  });
});
