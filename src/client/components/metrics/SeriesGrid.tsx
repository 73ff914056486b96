import { LineChart } from '@/components/charts';
import { Card } from '@/components/ui';

/** One chart card: a title, its figure over the whole range, and one line per series over the same buckets. */
export interface SeriesCardData {
  key: string;
  label: string;
  total: string;
  lines: Array<{ name: string; values: number[] }>;
}

/**
 * The metrics pages' charts (admin Metrics and the creator's own): a card per figure, one column on phones and two
 * from `lg`, each a line chart over the period's buckets.
 */
export function SeriesGrid({ buckets, period, items }: { buckets: string[]; period: string; items: SeriesCardData[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {items.map((item) => (
        <Card key={item.key} title={item.label} description={item.total}>
          <LineChart
            label={`${item.label} by ${period}`}
            series={item.lines.map((line) => ({
              name: line.name,
              points: buckets.map((b, i) => ({ label: b, value: line.values[i] ?? 0 })),
            }))}
          />
        </Card>
      ))}
    </div>
  );
}
