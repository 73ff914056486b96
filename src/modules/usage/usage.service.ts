import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UsageKind, UsageRecord } from './usage-record.entity';

export interface UsageInput {
  userId: string | null;
  kind: UsageKind;
  provider: string;
  model: string;
  operation: string;
  units: number;
  unit: string;
  inputTokens?: number | null;
  outputTokens?: number | null;
  costUsd?: number;
  durationMs?: number | null;
  subjectId?: string | null;
  succeeded?: boolean;
}

export interface UsageTotals {
  provider: string;
  model: string;
  kind: UsageKind;
  calls: number;
  units: number;
  unit: string;
  cost_usd: number;
}

/** Records each text/image model call (provider, model, units, cost) and sums them per user. */
@Injectable()
export class UsageService {
  private readonly logger = new Logger('Usage');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(input: UsageInput): Promise<void> {
    try {
      const repo = this.db.getRepository(UsageRecord);
      await repo.insert(
        repo.create({
          ...input,
          inputTokens: input.inputTokens ?? null,
          outputTokens: input.outputTokens ?? null,
          costUsd: round6(input.costUsd ?? 0),
          durationMs: input.durationMs === undefined || input.durationMs === null ? null : Math.round(input.durationMs),
          subjectId: input.subjectId ?? null,
          succeeded: input.succeeded ?? true,
        }),
      );
    } catch (error) {
      // Accounting must not fail the work it accounts for.
      this.logger.warn(`usage not recorded: ${(error as Error).message}`);
    }
  }

  async page(userId: string, page = 1, perPage = 25) {
    const [rows, total] = await this.db.getRepository(UsageRecord).findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
    return {
      data: rows.map((r) => ({
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
        created_at: new Date(r.createdAt).toISOString(),
      })),
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
    };
  }

  async totals(userId: string): Promise<UsageTotals[]> {
    const rows: Array<Record<string, string>> = await this.db.query(
      `SELECT provider, model, kind, unit, count(*)::int AS calls, coalesce(sum(units), 0) AS units, coalesce(sum(cost_usd), 0) AS cost
         FROM usage_records WHERE user_id = $1 GROUP BY provider, model, kind, unit ORDER BY cost DESC, calls DESC`,
      [userId],
    );
    return rows.map((r) => ({
      provider: r.provider,
      model: r.model,
      kind: r.kind as UsageKind,
      unit: r.unit,
      calls: Number(r.calls),
      units: Number(r.units),
      cost_usd: Number(r.cost),
    }));
  }
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
