import type { ChartPoint } from './BarChart';

export interface ChartSeries {
  name: string;
  points: ChartPoint[];
}

// Series colours: the brand accent first, then neutral and status tones that read in light and dark.
const SERIES_CLASSES = ['text-brand-500', 'text-ink-muted', 'text-amber-500', 'text-emerald-500', 'text-red-500'];

/** Points joined by a line, one per series over the same buckets; the legend names each series. */
export function LineChart({ series, label }: { series: ChartSeries[]; label: string }) {
  const width = 600;
  const height = 160;
  const all = series.flatMap((s) => s.points.map((p) => p.value));
  const max = Math.max(1, ...all);
  const buckets = series[0]?.points ?? [];
  const step = buckets.length > 1 ? width / (buckets.length - 1) : width;
  const y = (value: number) => height - 6 - (value / max) * (height - 12);
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="h-40 w-full">
        {series.map((s, index) => (
          <g key={s.name} className={SERIES_CLASSES[index % SERIES_CLASSES.length]}>
            <polyline
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              points={s.points.map((p, i) => `${i * step},${y(p.value)}`).join(' ')}
            />
            {s.points.map((p, i) => (
              <circle key={p.label} cx={i * step} cy={y(p.value)} r={3} fill="currentColor">
                <title>{`${s.name}, ${p.label}: ${p.value}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-ink-muted">
        <span>{buckets[0]?.label ?? ''}</span>
        <span className="flex flex-wrap gap-3">
          {series.map((s, index) => (
            <span
              key={s.name}
              className={`inline-flex items-center gap-1 ${SERIES_CLASSES[index % SERIES_CLASSES.length]}`}
            >
              <span aria-hidden className="inline-block h-2 w-2 rounded-full bg-current" />
              <span className="text-ink-muted">{s.name}</span>
            </span>
          ))}
        </span>
        <span>{buckets.at(-1)?.label ?? ''}</span>
      </figcaption>
    </figure>
  );
}
