import { formatPrice } from '@/components/property/rules';
import type { Currency } from '@contracts/properties';
import { Checkbox, FormField, Select, TextField } from '@/components/ui';
import { bindField, type FormStepProps } from './step-props';

/** Price and currency (shown as it will read), and the other currencies and cryptocurrencies accepted. */
export function PriceStep({ currencies, ...step }: FormStepProps & { currencies: Currency[] }) {
  const { form, set, errors } = step;
  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr]">
        <TextField label="Price" inputMode="decimal" placeholder="450000" {...bindField(step, 'price')} />
        <FormField label="Currency" name="currency" error={errors.currency}>
          <Select
            id="currency"
            value={String(form.currency)}
            onChange={(e) => set('currency', e.target.value)}
            options={currencies.map((c) => ({ value: c.code, label: `${c.code} (${c.symbol})` }))}
          />
        </FormField>
      </div>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Shown as {formatPrice(String(form.price) || null, String(form.currency))}
      </p>
      <CodeChoices
        title="Also accepts"
        codes={currencies.filter((c) => !c.is_crypto).map((c) => c.code)}
        value={form.accepted_currencies as string[]}
        onChange={(v) => set('accepted_currencies', v)}
        error={errors.accepted_currencies}
      />
      <CodeChoices
        title="Cryptocurrencies accepted"
        codes={currencies.filter((c) => c.is_crypto).map((c) => c.code)}
        value={form.accepted_cryptocurrencies as string[]}
        onChange={(v) => set('accepted_cryptocurrencies', v)}
        error={errors.accepted_cryptocurrencies}
      />
    </div>
  );
}

function CodeChoices({
  title,
  codes,
  value,
  onChange,
  error,
}: {
  title: string;
  codes: string[];
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">{title}</legend>
      <div className="mt-1 flex flex-wrap gap-3">
        {codes.map((code) => (
          <Checkbox
            key={code}
            label={code}
            checked={value.includes(code)}
            onChange={(e) => onChange(e.target.checked ? [...value, code] : value.filter((c) => c !== code))}
          />
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}
