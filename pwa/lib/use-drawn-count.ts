import { startTransition, useEffect, useState } from "react";

/**
 * Rows a table draws per frame. Manage Patients drew its page of 50 rows in one frame: 20 ms of
 * style, layout and paint at full speed, 80 ms on a tablet, on top of rendering them. At 15 rows a
 * frame still took 11–14 ms (a table lays out all its rows again as rows are added); at 10, 9 ms,
 * but the first ten, drawn with the rest of a first sync's work, still made a 70–110 ms task on a
 * 4× slower tablet (device bench). Five did not.
 */
export const ROWS_PER_FRAME = 5;

/**
 * How many of a table's or a list's `total` rows to draw now: five first, and five more after each
 * frame until all are drawn; from then on, all of them (a virtual list's rows on screen grow as short
 * rows scroll in, and must not wait a frame). Keyed by the component: a table given another page or
 * search is mounted again (its `key`), and starts from five again.
 */
export function useDrawnCount(total: number) {
  const [drawn, setDrawn] = useState(ROWS_PER_FRAME);
  useEffect(() => {
    // None yet is not all drawn: a table mounts empty while its rows are read.
    if (drawn >= total) {
      if (total > 0 && drawn !== Number.POSITIVE_INFINITY) setDrawn(Number.POSITIVE_INFINITY);
      return;
    }
    // After the next frame is painted, not before it: a timeout set in an animation frame runs once
    // that frame is done. As a transition, so React renders the rows in slices between other work.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setDrawn((n) => n + ROWS_PER_FRAME)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [drawn, total]);
  return Math.min(drawn, total);
}
