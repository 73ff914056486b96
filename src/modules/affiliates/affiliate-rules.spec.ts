import {
  batchOutcome,
  commissionFor,
  emailKey,
  isUsdcAddress,
  nextPayoutDate,
  reversalFor,
  winningClick,
} from './affiliate-rules';

describe('affiliate rules', () => {
  it('treats Gmail dots, +tags and case as one inbox', () => {
    expect(emailKey('Jane.Doe+shop@GoogleMail.com')).toBe('janedoe@gmail.com');
    expect(emailKey('jane.doe+x@example.com')).toBe('jane.doe@example.com');
  });
  it('computes percent commissions floored to the cent and flat ones per unit', () => {
    expect(commissionFor({ kind: 'percent', rate_bps: 2000, flat_minor: 0 }, { total_minor: 999, quantity: 1 })).toBe(
      199,
    );
    expect(commissionFor({ kind: 'flat', rate_bps: 0, flat_minor: 250 }, { total_minor: 999, quantity: 3 })).toBe(750);
  });
  it('reverses a proportional share of a partly refunded line, all of a fully refunded one', () => {
    expect(reversalFor(2000, 10_000, 2500)).toBe(500);
    expect(reversalFor(2000, 10_000, 10_000)).toBe(2000);
  });
  it('credits the latest click inside the window only', () => {
    const at = new Date('2026-06-01T00:00:00Z');
    const old = { id: 'old', clicked_at: new Date('2026-03-31T00:00:00Z') }; // 62 days before
    const early = { id: 'early', clicked_at: new Date('2026-05-01T00:00:00Z') };
    const late = { id: 'late', clicked_at: new Date('2026-05-20T00:00:00Z') };
    expect(winningClick([early, late, old], at, 60)?.id).toBe('late');
    expect(winningClick([old], at, 60)).toBeNull();
  });
  it('checks USDC addresses and dates the next payout', () => {
    expect(isUsdcAddress(`0x${'aF'.repeat(20)}`)).toBe(true);
    expect(isUsdcAddress('0x123')).toBe(false);
    expect(nextPayoutDate(new Date('2026-11-23T10:00:00Z'), 15).toISOString().slice(0, 10)).toBe('2026-12-15');
    expect(nextPayoutDate(new Date('2026-11-02T10:00:00Z'), 15).toISOString().slice(0, 10)).toBe('2026-11-15');
  });
  it('derives a batch outcome from its transfers: never paid while one failed', () => {
    const done = { status: 'completed' as const, payout_count: 2, awaiting: 0 };
    expect(batchOutcome({ ...done, sent: 2, failed: 0 })).toEqual({ outcome: 'paid', label: 'Paid (2 of 2)' });
    expect(batchOutcome({ ...done, sent: 1, failed: 1 })).toEqual({
      outcome: 'partly_paid',
      label: 'Partly paid (1 of 2)',
    });
    expect(batchOutcome({ ...done, sent: 0, failed: 2 })).toEqual({ outcome: 'failed', label: 'Failed (0 of 2 paid)' });
    expect(batchOutcome({ status: 'running', payout_count: 3, sent: 1, failed: 0, awaiting: 0 })).toEqual({
      outcome: 'in_progress',
      label: 'In progress (1 of 3 paid)',
    });
    expect(batchOutcome({ status: 'preview', payout_count: 3, sent: 0, failed: 0, awaiting: 0 }).outcome).toBe(
      'preview',
    );
    // A bank file exported pays nobody: the batch waits for the bank until an admin confirms.
    expect(batchOutcome({ ...done, sent: 1, failed: 0, awaiting: 1 })).toEqual({
      outcome: 'awaiting_bank',
      label: 'Awaiting the bank: 1 to confirm (1 of 2 paid)',
    });
  });
});
