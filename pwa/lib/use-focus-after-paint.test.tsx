import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useFocusAfterPaint } from "./use-focus-after-paint.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Pin({ autoFocus }: { autoFocus: boolean }) {
  const ref = useFocusAfterPaint<HTMLInputElement>(autoFocus);
  return (
    <>
      <input aria-label="Name" />
      <input aria-label="PIN" ref={ref} />
    </>
  );
}

const nextFrame = () => act(() => vi.advanceTimersByTime(50));

describe("a field focused once painted", () => {
  it("is focused after the next frame, not inside the commit that mounts it", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    render(<Pin autoFocus />);
    expect(document.activeElement).not.toBe(screen.getByLabelText("PIN"));
    nextFrame();
    expect(document.activeElement).toBe(screen.getByLabelText("PIN"));
  });

  it("leaves focus where the user already put it", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    render(<Pin autoFocus />);
    screen.getByLabelText("Name").focus();
    nextFrame();
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
  });

  it("does nothing unless asked", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame"] });
    render(<Pin autoFocus={false} />);
    nextFrame();
    expect(document.activeElement).toBe(document.body);
  });
});
