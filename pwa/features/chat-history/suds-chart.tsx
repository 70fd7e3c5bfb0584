import type { Summary } from "@schema/rows.ts";
import { useEffect, useRef, useState } from "react";
import { formatDate } from "@/lib/dates.ts";
import { Skeleton } from "@/ui/skeleton.tsx";

type Point = { time: number; expected: number | null; actual: number | null };

/** Completed sessions with any SUDS figure, oldest first. */
function sudsPoints(summaries: Summary[]): Point[] {
  return summaries
    .filter((s) => s.is_completed && (s.expected_peak_suds !== null || s.actual_peak_suds !== null))
    .map((s) => ({
      time: Date.parse(s.started_at ?? s.created_at),
      expected: s.expected_peak_suds,
      actual: s.actual_peak_suds,
    }))
    .filter((p) => !Number.isNaN(p.time))
    .sort((a, b) => a.time - b.time);
}

const H = 160;
const PAD = { left: 32, right: 10, top: 10, bottom: 24 };
/** Until the chart knows its width (and in tests without layout). */
const FALLBACK_WIDTH = 320;

/** The rendered width of an element, kept current: the chart draws in CSS pixels, never scaled. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  return [ref, width || FALLBACK_WIDTH] as const;
}

/** The x-axis labels: each distinct day once, the first and last of them at most. */
function dateLabels(points: Point[]): { time: number; text: string }[] {
  const first = { time: points[0].time, text: formatDate(points[0].time) };
  const lastPoint = points[points.length - 1];
  const last = { time: lastPoint.time, text: formatDate(lastPoint.time) };
  return first.text === last.text ? [first] : [first, last];
}

/** Beyond the spec: expected vs actual peak SUDS (0–100) per completed session, drawn as plain SVG. */
export function SudsChart({ summaries, patient }: { summaries: Summary[]; patient: string }) {
  const points = sudsPoints(summaries);
  if (points.length === 0) return <p className="text-sm text-muted-foreground">No completed sessions with SUDS yet.</p>;
  return <SudsPlot points={points} patient={patient} />;
}

function SudsPlot({ points, patient }: { points: Point[]; patient: string }) {
  const [box, W] = useWidth();
  const first = points[0].time;
  const span = points[points.length - 1].time - first;
  const plotWidth = W - PAD.left - PAD.right;
  // One session (or all on one instant) sits in the middle rather than on the y axis.
  const x = (t: number) => PAD.left + (span === 0 ? plotWidth / 2 : ((t - first) / span) * plotWidth);
  const y = (v: number) => PAD.top + (1 - Math.min(Math.max(v, 0), 100) / 100) * (H - PAD.top - PAD.bottom);
  const series = (key: "expected" | "actual") =>
    points.flatMap((p) => (p[key] === null ? [] : [{ cx: x(p.time), cy: y(p[key] as number) }]));
  const path = (dots: { cx: number; cy: number }[]) =>
    dots.map((d, i) => `${i === 0 ? "M" : "L"}${d.cx.toFixed(1)},${d.cy.toFixed(1)}`).join(" ");
  const expected = series("expected");
  const actual = series("actual");
  const labels = dateLabels(points);
  const last = points[points.length - 1];
  const description = `${points.length} completed sessions from ${formatDate(first)} to ${formatDate(last.time)}. Latest: expected ${last.expected ?? "N/A"}, actual ${last.actual ?? "N/A"}.`;
  const titleId = `suds-title-${patient}`;
  const descId = `suds-desc-${patient}`;
  return (
    <figure className="grid gap-1">
      <div ref={box} className="min-w-0 overflow-hidden">
        <svg
          width={W}
          height={H}
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          className="block"
        >
          <title id={titleId}>Peak SUDS per completed session, expected and actual</title>
          <desc id={descId}>{description}</desc>
          {[0, 50, 100].map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-border" strokeWidth={1} />
              <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="fill-muted-foreground text-xs">
                {v}
              </text>
            </g>
          ))}
          <path
            d={path(expected)}
            fill="none"
            strokeWidth={2}
            strokeDasharray="4 3"
            className="stroke-muted-foreground"
          />
          <path d={path(actual)} fill="none" strokeWidth={2} className="stroke-primary" />
          {expected.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a session's place in time order is its identity here
            <circle key={`e${i}`} {...d} r={3} strokeWidth={1.5} className="fill-background stroke-muted-foreground" />
          ))}
          {actual.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a session's place in time order is its identity here
            <circle key={`a${i}`} {...d} r={3} className="fill-primary" />
          ))}
          {labels.map((label, i) => (
            <text
              key={label.text}
              x={labels.length === 1 ? x(label.time) : i === 0 ? PAD.left : W - PAD.right}
              y={H - 6}
              textAnchor={labels.length === 1 ? "middle" : i === 0 ? "start" : "end"}
              className="fill-muted-foreground text-xs"
            >
              {label.text}
            </text>
          ))}
        </svg>
      </div>
      <figcaption className="flex gap-4 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-primary" aria-hidden /> Actual peak SUDS
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 border-t-2 border-dashed border-muted-foreground" aria-hidden />{" "}
          Expected
        </span>
      </figcaption>
    </figure>
  );
}

/** The chart's place while the summaries are read: the same box, so the homework below stays put. */
export function SudsChartSkeleton() {
  return (
    <div className="grid gap-1">
      <Skeleton className="w-full" style={{ height: H }} />
      <Skeleton className="h-4 w-48" />
    </div>
  );
}
