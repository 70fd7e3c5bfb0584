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

  it("starts from five when the rows arrive after it mounted empty, and once all are drawn draws more at once", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    const { result, rerender } = renderHook(({ total }) => useDrawnCount(total), { initialProps: { total: 0 } });
    act(() => vi.advanceTimersByTime(20));
    rerender({ total: 12 });
    expect(result.current).toBe(5);
    for (let frame = 0; frame < 3; frame++) act(() => vi.advanceTimersByTime(20));
    expect(result.current).toBe(12);
    rerender({ total: 40 });
    expect(result.current).toBe(40);
  });

  it("draws a short table at once", () => {
    const { result } = renderHook(() => useDrawnCount(4));
    expect(result.current).toBe(4);
  });
});
