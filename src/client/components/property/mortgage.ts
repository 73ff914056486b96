import type { MortgageDefaults } from '@contracts/market';

// Mortgage arithmetic for the calculator, in whole cents so rounding is explicit.

/** The market's calculator defaults plus the home price (in currency units). */
export interface MortgageInput extends MortgageDefaults {
  price: number;
}

export interface YearRow {
  year: number;
  /** Balance left at the end of the year, interest and principal paid during it (currency units). */
  balance: number;
  interest: number;
  principal: number;
}

export interface MortgagePlan {
  loan: number;
  /** Principal and interest each month. */
  principal_interest: number;
  tax: number;
  insurance: number;
  hoa: number;
  monthly_total: number;
  total_interest: number;
  years: YearRow[];
}

const cents = (x: number) => Math.round(x * 100);

/** Fixed-rate amortisation: payment = L·r / (1 − (1+r)^−n) with r the monthly rate (L / n at 0 %). */
export function mortgagePlan(input: MortgageInput): MortgagePlan {
  const price = Math.max(0, input.price);
  const down = Math.min(100, Math.max(0, input.down_payment_pct));
  const loanCents = cents(price * (1 - down / 100));
  const n = Math.max(1, Math.round(input.term_years * 12));
  const r = Math.max(0, input.rate_pct) / 100 / 12;
  const payment =
    loanCents === 0 ? 0 : r === 0 ? Math.ceil(loanCents / n) : Math.round((loanCents * r) / (1 - (1 + r) ** -n));
  let balance = loanCents;
  let totalInterest = 0;
  const years: YearRow[] = [];
  let yearInterest = 0;
  let yearPrincipal = 0;
  for (let m = 1; m <= n && balance > 0; m++) {
    const interest = Math.round(balance * r);
    const principal = Math.min(balance, (m === n ? balance + interest : payment) - interest);
    balance -= principal;
    totalInterest += interest;
    yearInterest += interest;
    yearPrincipal += principal;
    if (m % 12 === 0 || balance === 0 || m === n) {
      years.push({
        year: Math.ceil(m / 12),
        balance: balance / 100,
        interest: yearInterest / 100,
        principal: yearPrincipal / 100,
      });
      yearInterest = 0;
      yearPrincipal = 0;
    }
  }
  const tax = cents((price * Math.max(0, input.property_tax_pct)) / 100 / 12);
  const insurance = cents(Math.max(0, input.insurance_per_year) / 12);
  const hoa = cents(Math.max(0, input.hoa_per_month));
  return {
    loan: loanCents / 100,
    principal_interest: payment / 100,
    tax: tax / 100,
    insurance: insurance / 100,
    hoa: hoa / 100,
    monthly_total: (payment + tax + insurance + hoa) / 100,
    total_interest: totalInterest / 100,
    years,
  };
}
