import { whenIdle } from "@/lib/when-idle.ts";

/**
 * The app's type scale: every text size and weight its screens use (Tailwind's `text-*` and
 * `font-*` utilities), and the monospace of ids and keys.
 */
const SIZES = ["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl"];
const WEIGHTS = ["normal", "medium", "semibold", "bold"];
export const TYPE_STYLES = [
  ...SIZES.flatMap((size) => WEIGHTS.map((weight) => `text-${size} font-${weight}`)),
  "font-mono text-xs",
  "font-mono text-sm",
];

/** Lines laid out per frame: a few milliseconds of a slowed tablet's main thread each. */
const PER_FRAME = 4;

export interface WarmUpClock {
  /** Resolves when the page has time to spare. */
  idle: () => Promise<void>;
  /** Resolves after the next frame was laid out. */
  nextFrame: () => Promise<void>;
}

const browserClock: WarmUpClock = {
  idle: () => whenIdle(),
  nextFrame: () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
};

/**
 * Lays out one hidden line in each style of the type scale, a few per frame in the page's idle
 * time, while the sign-in, PIN or lock screen waits for the user.
 *
 * Chromium sets a font up for each size and weight the first time text in it is laid out: about
 * 1.5 ms each on a tablet's slowed main thread. The screen that mounts after the PIN uses styles no
 * sign-in screen had, so its first layout took 13-68 ms of the task that mounted it (traced first
 * syncs, CPU 4× slower); with the scale laid out here first, 1-9 ms. The fonts stay set up after
 * the lines are removed.
 */
export async function warmTypeScale(clock: WarmUpClock = browserClock) {
  // The web font, not its fallback, is the one the screens will use.
  await document.fonts?.ready;
  await clock.idle();
  const box = document.createElement("div");
  box.setAttribute("aria-hidden", "true");
  box.style.cssText =
    "position:fixed;top:0;left:0;width:1px;height:1px;overflow:hidden;contain:strict;visibility:hidden;pointer-events:none";
  document.body.append(box);
  try {
    for (let i = 0; i < TYPE_STYLES.length; i += PER_FRAME) {
      for (const style of TYPE_STYLES.slice(i, i + PER_FRAME)) {
        const line = document.createElement("span");
        line.className = style;
        line.textContent = "Stepwise 0123";
        box.append(line);
      }
      await clock.nextFrame();
      await clock.idle();
    }
  } finally {
    box.remove();
  }
}
