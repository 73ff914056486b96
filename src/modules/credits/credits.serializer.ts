import type { CreditTransaction } from '../users/credit-transaction.entity';

export interface LedgerRowJson {
  id: string;
  kind: string;
  amount: number;
  balance_after: number;
  reason: string;
  created_at: string;
}

export function toLedgerJson(row: CreditTransaction): LedgerRowJson {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    balance_after: row.balanceAfter,
    reason: row.reason,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export function pageQuery(raw: unknown): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
