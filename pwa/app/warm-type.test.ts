import { describe, expect, it } from "vitest";
import { TYPE_STYLES, warmTypeScale } from "./warm-type.ts";

/** A clock the test steps by hand: each frame is one step. */
function steppedClock() {
  const frames: (() => void)[] = [];
  return {
    clock: { idle: () => Promise.resolve(), nextFrame: () => new Promise<void>((r) => frames.push(r)) },
    async step() {
      await new Promise((r) => setTimeout(r));
      frames.shift()?.();
    },
  };
}

const hiddenBox = () => document.body.querySelector<HTMLElement>('div[aria-hidden="true"]');

describe("warmTypeScale", () => {
  it("lays out a hidden line in every style of the type scale, a few per frame, then removes them", async () => {
    const { clock, step } = steppedClock();
    const done = warmTypeScale(clock);
    await new Promise((r) => setTimeout(r));
    const box = hiddenBox();
    expect(box?.style.visibility).toBe("hidden");
    const perFrame = box?.children.length ?? 0;
    expect(perFrame).toBeGreaterThan(0);
    expect(perFrame).toBeLessThan(TYPE_STYLES.length);

    const seen = new Set<string>();
    while (hiddenBox()) {
      for (const line of hiddenBox()?.children ?? []) seen.add(line.className);
      await step();
    }
    await done;
    expect([...seen].sort()).toEqual([...TYPE_STYLES].sort());
    expect(seen).toContain("text-sm font-medium");
    expect(seen).toContain("text-2xl font-semibold");
    expect(hiddenBox()).toBeNull();
  });
});
