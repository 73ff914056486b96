/** Wire shapes of the image-credit ledger (Credits page, /api/credits/history, Admin/Credits). Type-only. */
import type { Page } from './common';

export type CreditKind = 'grant' | 'purchase' | 'spend' | 'refund' | 'revoke' | 'expire';

/** One change of the balance: signed amount (spends are negative) and the balance after it. */
export interface LedgerRow {
  id: string;
  kind: CreditKind;
  amount: number;
  balance_after: number;
  reason: string;
  created_at: string;
}

export type LedgerPage = Page<LedgerRow>;

/** The JSON history: the balance beside the page. */
export type CreditHistory = LedgerPage & { credits: number };

/** Admin/Credits: a user found by the search, with their balance. */
export interface CreditUser {
  id: string;
  name: string;
  email: string;
  credits: number;
}

/** Admin/Credits: a ledger row with whose it is. */
export interface AdminLedgerRow extends Omit<LedgerRow, 'created_at'> {
  user: { id: string; name: string; email: string };
  created_at: string;
}
