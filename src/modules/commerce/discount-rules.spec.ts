import { discountShares, discountState, totalOf, type DiscountTerms, type PricedLine } from './discount-rules';

const line = (key: string, gross: number, category = 'guides', product = `p-${key}`): PricedLine => ({
  key,
  product_id: product,
  category,
  gross_minor: gross,
});
const percent = (p: number, scope: Partial<DiscountTerms> = {}): DiscountTerms => ({
  kind: 'percent',
  percent_off: p,
  amount_off_minor: null,
  currency: null,
  product_id: null,
  category: null,
  ...scope,
});
const fixed = (amount: number, scope: Partial<DiscountTerms> = {}): DiscountTerms => ({
  ...percent(1, scope),
  kind: 'fixed',
  percent_off: null,
  amount_off_minor: amount,
  currency: 'USD',
});

describe('discount shares', () => {
  it('takes a percentage from each covered line, rounded down per line', () => {
    const shares = discountShares(percent(15, { category: 'guides' }), [
      line('a', 999),
      line('b', 2900, 'listing-boosts'),
      line('c', 1001),
    ]);
    expect([...shares]).toEqual([
      ['a', 149],
      ['c', 150],
    ]);
  });

  it('covers one product only when the code names it', () => {
    const shares = discountShares(percent(50, { product_id: 'p-b' }), [line('a', 1000), line('b', 2000)]);
    expect([...shares]).toEqual([['b', 1000]]);
  });

  it('shares a fixed amount in proportion, the odd cents to the largest remainders, summing exactly', () => {
    const shares = discountShares(fixed(1000), [line('a', 1000), line('b', 1000), line('c', 1000)]);
    expect([...shares]).toEqual([
      ['a', 334],
      ['b', 333],
      ['c', 333],
    ]);
    expect(totalOf(shares)).toBe(1000);
    const uneven = discountShares(fixed(777), [line('a', 3333), line('b', 1), line('c', 6666)]);
    expect(totalOf(uneven)).toBe(777);
    expect(uneven.get('b')).toBe(0);
  });

  it('never takes more than the covered lines cost', () => {
    const shares = discountShares(fixed(5000, { category: 'guides' }), [line('a', 1200), line('b', 900, 'x')]);
    expect([...shares]).toEqual([['a', 1200]]);
  });

  it('stays exact at the largest amounts', () => {
    const big = 9_999_999_999;
    const shares = discountShares(fixed(big - 7), [line('a', big), line('b', big), line('c', 3)]);
    expect(totalOf(shares)).toBe(big - 7);
  });
});

describe('discount state', () => {
  const now = new Date('2026-12-02T12:00:00Z');
  const code = { active: true, starts_at: new Date('2026-12-01'), ends_at: new Date('2026-12-31'), max_uses: 3 };
  it('reads the switch, then the window, then the limit', () => {
    expect(discountState(code, 0, now)).toBe('active');
    expect(discountState({ ...code, active: false }, 0, now)).toBe('disabled');
    expect(discountState({ ...code, starts_at: new Date('2026-12-03') }, 0, now)).toBe('scheduled');
    expect(discountState({ ...code, ends_at: now }, 0, now)).toBe('ended');
    expect(discountState(code, 3, now)).toBe('used_up');
    expect(discountState({ ...code, max_uses: null }, 1_000, now)).toBe('active');
  });
});
