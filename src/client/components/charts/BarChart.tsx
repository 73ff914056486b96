export interface ChartPoint {
  /** The bucket's label (a day, a week, a source...). */
  label: string;
  value: number;
}

/** Counts per bucket as bars: numbers people compare over time are a chart, not a table. */
export function BarChart({ points, label }: { points: ChartPoint[]; label: string }) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const width = 600;
  const height = 120;
  const bar = points.length ? width / points.length : width;
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="h-32 w-full text-brand-500">
        {points.map((p, i) => {
          const h = (p.value / max) * (height - 10);
          return (
            <rect
              key={p.label}
              x={i * bar + 2}
              y={height - h}
              width={Math.max(1, bar - 4)}
              height={h}
              rx={2}
              fill="currentColor"
            >
              <title>{`${p.label}: ${p.value}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-ink-muted">
        <span>{points[0]?.label ?? ''}</span>
        <span>{label}</span>
        <span>{points.at(-1)?.label ?? ''}</span>
      </figcaption>
    </figure>
  );
}
