const W = 96;
const H = 28;
const PAD = 3;

/** A patient's latest actual peak SUDS (0–100, oldest first) as a line small enough for a table cell. */
export function Sparkline({ peaks }: { peaks: number[] }) {
  if (peaks.length === 0) return <span className="text-xs text-muted-foreground">No SUDS yet</span>;
  const x = (i: number) => (peaks.length === 1 ? W / 2 : PAD + (i / (peaks.length - 1)) * (W - 2 * PAD));
  const y = (v: number) => PAD + (1 - Math.min(Math.max(v, 0), 100) / 100) * (H - 2 * PAD);
  const points = peaks.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const last = peaks[peaks.length - 1];
  return (
    <svg
      width={W}
      height={H}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Actual peak SUDS, oldest first: ${peaks.join(", ")}`}
      className="block"
    >
      <polyline points={points} fill="none" strokeWidth={1.5} className="stroke-primary" />
      <circle cx={x(peaks.length - 1)} cy={y(last)} r={2.5} className="fill-primary" />
    </svg>
  );
}
