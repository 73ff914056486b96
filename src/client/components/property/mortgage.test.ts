import { mortgagePlan } from './mortgage';

const base = {
  price: 500000,
  down_payment_pct: 20,
  rate_pct: 6,
  term_years: 30,
  property_tax_pct: 1.2,
  insurance_per_year: 1200,
  hoa_per_month: 50,
};

describe('mortgage plan', () => {
  it('matches the standard payment formula and pays the loan off exactly', () => {
    const plan = mortgagePlan(base);
    expect(plan.loan).toBe(400000);
    expect(plan.principal_interest).toBe(2398.2); // 400,000 at 6 % over 30 years
    expect(plan.tax).toBe(500);
    expect(plan.insurance).toBe(100);
    expect(plan.hoa).toBe(50);
    expect(plan.monthly_total).toBe(3048.2);
    expect(plan.years).toHaveLength(30);
    expect(plan.years.at(-1)!.balance).toBe(0);
    const principal = plan.years.reduce((s, y) => s + y.principal, 0);
    expect(Math.round(principal * 100) / 100).toBe(400000);
    expect(plan.years[0].interest).toBeGreaterThan(plan.years[0].principal);
    expect(plan.years[29].interest).toBeLessThan(plan.years[29].principal);
  });

  it('handles 0 % interest and 100 % down', () => {
    expect(mortgagePlan({ ...base, rate_pct: 0, term_years: 10 }).principal_interest).toBeCloseTo(3333.34, 2);
    const cash = mortgagePlan({ ...base, down_payment_pct: 100 });
    expect(cash.loan).toBe(0);
    expect(cash.principal_interest).toBe(0);
    expect(cash.years).toHaveLength(0);
  });
});
