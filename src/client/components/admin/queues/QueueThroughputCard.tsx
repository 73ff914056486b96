import type { QueueThroughput } from '@contracts/admin';
import { LineChart } from '@/components/charts';
import { Card } from '@/components/ui';
import { hourTotals, minutePoints } from './queue-monitor-rules';

/** One queue's completed and failed jobs per minute over the last hour. */
export function QueueThroughputCard({ throughput }: { throughput: QueueThroughput }) {
  const totals = hourTotals(throughput);
  return (
    <Card
      className="mb-6"
      title={`${throughput.name} · last hour`}
      description={`${totals.completed} completed · ${totals.failed} failed`}
    >
      <LineChart
        label={`${throughput.name}: jobs per minute`}
        series={[
          { name: 'Completed', points: minutePoints(throughput.completed, throughput.since) },
          { name: 'Failed', points: minutePoints(throughput.failed, throughput.since) },
        ]}
      />
    </Card>
  );
}
