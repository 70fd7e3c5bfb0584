import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDrawnCount } from "./use-drawn-count.ts";

afterEach(() => vi.useRealTimers());

describe("rows drawn a screenful per frame", () => {
  it("draws 5 rows first, 5 more after each frame, and stops at the total", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    const { result } = renderHook(() => useDrawnCount(22));
    const counts = [result.current];
    for (let frame = 0; frame < 6; frame++) {
      act(() => vi.advanceTimersByTime(20));
      counts.push(result.current);
    }
    expect(counts).toEqual([5, 10, 15, 20, 22, 22, 22]);
  });

  it("draws a short table at once", () => {
    const { result } = renderHook(() => useDrawnCount(4));
    expect(result.current).toBe(4);
  });
});
