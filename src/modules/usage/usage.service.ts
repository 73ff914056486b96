import { Injectable, Logger } from '@nestjs/common';
import { pageOf } from '../../common/pagination';
import type { UsagePage, UsageRow, UsageTotals } from '../../contracts/usage';
import { toUsageJson, toUsageTotals } from './usage.mapper';
import { UsageRepository } from './usage.repository';

/** A call to record: the wire row's what-and-how-much fields, the rest optional and camel-cased. */
export interface UsageInput extends Pick<UsageRow, 'kind' | 'provider' | 'model' | 'operation' | 'units' | 'unit'> {
  userId: string | null;
  inputTokens?: number | null;
  outputTokens?: number | null;
  costUsd?: number;
  durationMs?: number | null;
  subjectId?: string | null;
  succeeded?: boolean;
}

/** Records each text/image model call (provider, model, units, cost) and sums them per user. */
@Injectable()
export class UsageService {
  private readonly logger = new Logger('Usage');

  constructor(private readonly repo: UsageRepository) {}

  async record(input: UsageInput): Promise<void> {
    try {
      await this.repo.insert({
        ...input,
        inputTokens: input.inputTokens ?? null,
        outputTokens: input.outputTokens ?? null,
        costUsd: round6(input.costUsd ?? 0),
        durationMs: input.durationMs === undefined || input.durationMs === null ? null : Math.round(input.durationMs),
        subjectId: input.subjectId ?? null,
        succeeded: input.succeeded ?? true,
      });
    } catch (error) {
      // Accounting must not fail the work it accounts for.
      this.logger.warn(`usage not recorded: ${(error as Error).message}`);
    }
  }

  async page(userId: string, page = 1, perPage = 25): Promise<UsagePage> {
    const [rows, total] = await this.repo.page(userId, (page - 1) * perPage, perPage);
    return pageOf(rows.map(toUsageJson), page, perPage, total);
  }

  async totals(userId: string): Promise<UsageTotals[]> {
    return (await this.repo.totals(userId)).map(toUsageTotals);
  }

  /** AI calls and cost (micro-dollars) per provider in [start, end), for the admin metrics rollup. */
  costByProvider(start: Date, end: Date): Promise<Array<{ provider: string; calls: number; costMicro: number }>> {
    return this.repo.costByProvider(start, end);
  }

  /** Who made an AI call on each UTC day in [start, end). */
  activeUserDays(start: Date, end: Date): Promise<Array<{ day: string; userId: string }>> {
    return this.repo.activeUserDays(start, end);
  }
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
