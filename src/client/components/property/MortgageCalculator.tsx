import { useMemo, useState } from 'react';
import type { MortgageDefaults } from '@contracts/market';
import { LineChart } from '@/components/charts';
import { Input } from '@/components/ui';
import { mortgagePlan } from './mortgage';

const FIELDS: Array<{ key: keyof MortgageDefaults | 'price'; label: string; step: string }> = [
  { key: 'price', label: 'Home price', step: '1000' },
  { key: 'down_payment_pct', label: 'Down payment %', step: '1' },
  { key: 'rate_pct', label: 'Interest rate %', step: '0.05' },
  { key: 'term_years', label: 'Term (years)', step: '1' },
  { key: 'property_tax_pct', label: 'Property tax % a year', step: '0.05' },
  { key: 'insurance_per_year', label: 'Insurance a year', step: '50' },
  { key: 'hoa_per_month', label: 'HOA a month', step: '10' },
];

/** Affordability: monthly cost of the home with the market's defaults, and the loan balance year by year. */
export function MortgageCalculator({
  price,
  currency,
  defaults,
}: {
  price: number;
  currency: string;
  defaults: MortgageDefaults;
}) {
  const [values, setValues] = useState<Record<string, string>>(() => ({
    price: String(price),
    ...Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, String(v)])),
  }));
  const num = (k: string) => (Number.isFinite(Number(values[k])) ? Number(values[k]) : 0);
  const plan = useMemo(
    () =>
      mortgagePlan({
        price: num('price'),
        down_payment_pct: num('down_payment_pct'),
        rate_pct: num('rate_pct'),
        term_years: Math.min(50, Math.max(1, num('term_years'))),
        property_tax_pct: num('property_tax_pct'),
        insurance_per_year: num('insurance_per_year'),
        hoa_per_month: num('hoa_per_month'),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [values],
  );
  const money = (x: number) => {
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(x);
    } catch {
      return `${currency} ${Math.round(x).toLocaleString('en-US')}`;
    }
  };
  return (
    <section className="space-y-3 rounded-card border border-line bg-surface p-4" aria-label="Mortgage calculator">
      <h2 className="text-title text-ink">Affordability</h2>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {FIELDS.map((f) => (
          <label key={f.key} className="text-xs text-ink-muted">
            {f.label}
            <Input
              type="number"
              inputMode="decimal"
              min="0"
              step={f.step}
              value={values[f.key]}
              onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <p className="text-headline text-ink" data-testid="monthly-total">
        {money(plan.monthly_total)} <span className="text-sm text-ink-muted">a month</span>
      </p>
      <p className="text-xs text-ink-muted">
        Principal and interest {money(plan.principal_interest)} · tax {money(plan.tax)} · insurance{' '}
        {money(plan.insurance)} · HOA {money(plan.hoa)} · loan {money(plan.loan)} · interest over the term{' '}
        {money(plan.total_interest)}
      </p>
      {plan.years.length > 0 && (
        <LineChart
          label="Loan balance and interest paid by year"
          series={[
            {
              name: 'Balance',
              points: plan.years.map((y) => ({ label: `Year ${y.year}`, value: Math.round(y.balance) })),
            },
            {
              name: 'Interest paid that year',
              points: plan.years.map((y) => ({ label: `Year ${y.year}`, value: Math.round(y.interest) })),
            },
          ]}
        />
      )}
    </section>
  );
}
