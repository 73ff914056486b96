/** A tiny trend line beside a number; the label is what a screen reader says instead. */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const width = 100;
  const height = 24;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="h-6 w-24 text-brand-500">
      <polyline
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        points={values.map((v, i) => `${i * step},${height - 2 - (v / max) * (height - 4)}`).join(' ')}
      />
    </svg>
  );
}
