import { describe, expect, it } from "vitest";
import { compareNames } from "./compare.ts";

describe("compareNames", () => {
  it("orders names as localeCompare does", () => {
    const chars = "aAbBmMzZ09 é-'_.";
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const word = () =>
      Array.from({ length: 1 + Math.floor(random() * 5) }, () => chars[Math.floor(random() * chars.length)]).join("");
    const names = [
      ...Array.from({ length: 400 }, word),
      "Sam Sample",
      "sam sample",
      "Émile Zola",
      "Zoe Adams",
      "patient001",
      "patient010",
      "",
    ];
    for (const a of names)
      for (const b of names) expect(Math.sign(compareNames(a, b))).toBe(Math.sign(a.localeCompare(b)));
  });
});
