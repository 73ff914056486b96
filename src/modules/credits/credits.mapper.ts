import type { AdminLedgerRow, CreditUser, LedgerRow } from '../../contracts/credits';
import type { User } from '../users';
import type { CreditTransaction } from './credit-transaction.entity';
import { iso } from '../../common/iso';

export function toLedgerJson(row: CreditTransaction): LedgerRow {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    balance_after: row.balanceAfter,
    reason: row.reason,
    created_at: iso(row.createdAt),
  };
}

export function toAdminLedgerJson(row: CreditTransaction, user: Pick<User, 'id' | 'name' | 'email'>): AdminLedgerRow {
  return { ...toLedgerJson(row), user: { id: user.id, name: user.name, email: user.email } };
}

export function toCreditUserJson(user: User): CreditUser {
  return { id: user.id, name: user.name, email: user.email, credits: user.imageCredits };
}
