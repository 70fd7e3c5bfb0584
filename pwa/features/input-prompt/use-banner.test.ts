import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { savedBanner } from "./banner.ts";
import { useBanner } from "./use-banner.ts";

afterEach(() => vi.useRealTimers());

describe("Create Prompt banner", () => {
  it("hides 10 seconds after it appears, and a new banner starts a new 10 seconds", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useBanner());
    act(() => result.current[1](savedBanner("prompt-1")));
    act(() => vi.advanceTimersByTime(9_000));
    expect(result.current[0]?.message).toBe("Prompt saved with ID: prompt-1");
    act(() => result.current[1](savedBanner("prompt-2")));
    act(() => vi.advanceTimersByTime(9_000));
    expect(result.current[0]?.message).toBe("Prompt saved with ID: prompt-2");
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current[0]).toBeNull();
  });
});
