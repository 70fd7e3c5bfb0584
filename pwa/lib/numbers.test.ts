import { describe, expect, it } from "vitest";
import { formatCount } from "./numbers.ts";

describe("formatCount", () => {
  it("groups a count's thousands as en-US does", () => {
    const intl = new Intl.NumberFormat("en-US");
    for (const n of [0, 7, 999, 1000, 12400, 51035, 999999, 1000000, 976647, -1234567, 2 ** 53 - 1, 1.5])
      expect(formatCount(n)).toBe(intl.format(n));
  });
});
