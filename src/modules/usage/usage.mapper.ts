import type { UsageKind, UsageRow, UsageTotals } from '../../contracts/usage';
import type { UsageRecord } from './usage-record.entity';
import type { TotalsRow } from './usage.repository';
import { iso } from '../../common/iso';

export const toUsageJson = (r: UsageRecord): UsageRow => ({
  id: r.id,
  kind: r.kind,
  provider: r.provider,
  model: r.model,
  operation: r.operation,
  units: r.units,
  unit: r.unit,
  input_tokens: r.inputTokens,
  output_tokens: r.outputTokens,
  cost_usd: r.costUsd,
  duration_ms: r.durationMs,
  succeeded: r.succeeded,
  created_at: iso(r.createdAt),
});

export const toUsageTotals = (r: TotalsRow): UsageTotals => ({
  provider: r.provider,
  model: r.model,
  kind: r.kind as UsageKind,
  unit: r.unit,
  calls: Number(r.calls),
  units: Number(r.units),
  cost_usd: Number(r.cost),
});
