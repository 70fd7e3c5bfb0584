import type { Summary } from "@schema/rows.ts";
import { formatDate } from "@/lib/dates.ts";

type Point = { time: number; expected: number | null; actual: number | null };

/** Completed sessions with any SUDS figure, oldest first. */
export function sudsPoints(summaries: Summary[]): Point[] {
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

const W = 320;
const H = 140;
const PAD = { left: 28, right: 8, top: 8, bottom: 20 };

/** Beyond the spec: expected vs actual peak SUDS (0–100) per completed session, drawn as plain SVG. */
export function SudsChart({ summaries, patient }: { summaries: Summary[]; patient: string }) {
  const points = sudsPoints(summaries);
  if (points.length === 0) return <p className="text-sm text-muted-foreground">No completed sessions with SUDS yet.</p>;
  const first = points[0].time;
  const span = Math.max(points[points.length - 1].time - first, 1);
  const x = (t: number) => PAD.left + ((t - first) / span) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - Math.min(Math.max(v, 0), 100) / 100) * (H - PAD.top - PAD.bottom);
  const line = (key: "expected" | "actual") =>
    points
      .filter((p) => p[key] !== null)
      .map((p, i) => `${i === 0 ? "M" : "L"}${x(p.time).toFixed(1)},${y(p[key] as number).toFixed(1)}`)
      .join(" ");
  const last = points[points.length - 1];
  const description = `${points.length} completed sessions from ${formatDate(first)} to ${formatDate(last.time)}. Latest: expected ${last.expected ?? "N/A"}, actual ${last.actual ?? "N/A"}.`;
  const titleId = `suds-title-${patient}`;
  const descId = `suds-desc-${patient}`;
  return (
    <figure className="grid gap-1">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="w-full">
        <title id={titleId}>Peak SUDS per completed session, expected and actual</title>
        <desc id={descId}>{description}</desc>
        {[0, 50, 100].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="stroke-border" strokeWidth={1} />
            <text x={PAD.left - 4} y={y(v) + 3} textAnchor="end" className="fill-muted-foreground text-[9px]">
              {v}
            </text>
          </g>
        ))}
        <path
          d={line("expected")}
          fill="none"
          strokeWidth={2}
          strokeDasharray="4 3"
          className="stroke-muted-foreground"
        />
        <path d={line("actual")} fill="none" strokeWidth={2} className="stroke-primary" />
        {points.map((p) =>
          p.actual === null ? null : (
            <circle key={p.time} cx={x(p.time)} cy={y(p.actual)} r={2.5} className="fill-primary" />
          ),
        )}
        <text x={PAD.left} y={H - 4} className="fill-muted-foreground text-[9px]">
          {formatDate(first)}
        </text>
        <text x={W - PAD.right} y={H - 4} textAnchor="end" className="fill-muted-foreground text-[9px]">
          {formatDate(last.time)}
        </text>
      </svg>
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
