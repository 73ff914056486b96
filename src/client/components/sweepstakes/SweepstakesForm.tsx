import type { SweepstakesInput, SweepstakesRules } from '@contracts/sweepstakes';
import { Button, Card, FormField, Input, Select, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { isoToLocalInput } from '@/lib/datetime-local';

interface PrizeRow {
  name: string;
  description: string;
  value: string;
}

type FormValues = {
  title: string;
  summary: string;
  min_age: string;
  regions: string;
  timezone: string;
  starts_at: string;
  ends_at: string;
  currency: string;
  prizes: PrizeRow[];
  odds_statement: string;
  free_entry_method: string;
  claim_window_days: string;
  alternates: string;
  entry_period: 'once' | 'daily';
  bonus_purchase: string;
  bonus_referral: string;
  bonus_share: string;
  share_cap: string;
};

function toValues(title: string, summary: string, rules: SweepstakesRules): FormValues {
  return {
    title,
    summary,
    min_age: String(rules.min_age),
    regions: rules.regions.join(', '),
    timezone: rules.timezone,
    starts_at: isoToLocalInput(rules.starts_at),
    ends_at: isoToLocalInput(rules.ends_at),
    currency: rules.currency,
    prizes: rules.prizes.map((p) => ({
      name: p.name,
      description: p.description,
      value: (p.retail_value_minor / 100).toFixed(2),
    })),
    odds_statement: rules.odds_statement,
    free_entry_method: rules.free_entry_method,
    claim_window_days: String(rules.claim_window_days),
    alternates: String(rules.alternates),
    entry_period: rules.entry_period,
    bonus_purchase: String(rules.bonus_entries.purchase),
    bonus_referral: String(rules.bonus_entries.referral),
    bonus_share: String(rules.bonus_entries.share),
    share_cap: String(rules.share_cap),
  };
}

function toInput(v: FormValues): SweepstakesInput {
  const instant = (local: string) => (local ? new Date(local).toISOString() : '');
  return {
    title: v.title,
    summary: v.summary,
    rules: {
      min_age: Number(v.min_age),
      regions: v.regions
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
      timezone: v.timezone,
      starts_at: instant(v.starts_at),
      ends_at: instant(v.ends_at),
      currency: v.currency,
      // Decimal text -> integer cents without float drift ("12.34" -> 1234).
      prizes: v.prizes.map((p) => {
        const [whole, cents = ''] = p.value.trim().split('.');
        return {
          name: p.name,
          description: p.description,
          retail_value_minor: Number(whole || 0) * 100 + Number(cents.padEnd(2, '0').slice(0, 2)),
        };
      }),
      odds_statement: v.odds_statement,
      free_entry_method: v.free_entry_method,
      claim_window_days: Number(v.claim_window_days),
      alternates: Number(v.alternates),
      entry_period: v.entry_period,
      bonus_entries: {
        purchase: Number(v.bonus_purchase),
        referral: Number(v.bonus_referral),
        share: Number(v.bonus_share),
      },
      share_cap: Number(v.share_cap),
    },
  };
}

export interface SweepstakesFormProps {
  title?: string;
  summary?: string;
  rules: SweepstakesRules;
  submitLabel: string;
  onSubmit: (input: SweepstakesInput) => Promise<unknown>;
  successMessage: string;
}

/** The admin form for the official rules (Create, and Edit until the sweepstakes opens). */
export function SweepstakesForm({
  title = '',
  summary = '',
  rules,
  submitLabel,
  onSubmit,
  successMessage,
}: SweepstakesFormProps) {
  const form = useApiForm<FormValues>(toValues(title, summary, rules), { successMessage });
  const { data, set, errors } = form;
  const text = (field: keyof FormValues) => ({
    value: data[field] as string,
    onChange: (e: { target: { value: string } }) => set(field, e.target.value as never),
  });
  const setPrize = (index: number, patch: Partial<PrizeRow>) =>
    set(
      'prizes',
      data.prizes.map((p, i) => (i === index ? { ...p, ...patch } : p)),
    );

  return (
    <form onSubmit={form.handleSubmit((values) => onSubmit(toInput(values)))} className="space-y-6" noValidate>
      <Card title="Sweepstakes">
        <div className="grid gap-4">
          <TextField label="Title" name="title" required error={errors.title} {...text('title')} />
          <TextField label="Summary" name="summary" error={errors.summary} {...text('summary')} />
        </div>
      </Card>
      <Card title="Official rules" description="Locked when the sweepstakes opens; later changes are dated amendments.">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Minimum age"
            name="min_age"
            type="number"
            min={13}
            error={errors['rules.min_age']}
            {...text('min_age')}
          />
          <TextField
            label="Eligible regions"
            name="regions"
            hint="ISO codes, comma separated: US, US-CA, CA"
            error={errors['rules.regions']}
            {...text('regions')}
          />
          <TextField label="Time zone" name="timezone" error={errors['rules.timezone']} {...text('timezone')} />
          <TextField
            label="Currency"
            name="currency"
            maxLength={3}
            error={errors['rules.currency']}
            {...text('currency')}
          />
          <TextField
            label="Starts (your local time)"
            name="starts_at"
            type="datetime-local"
            error={errors['rules.starts_at']}
            {...text('starts_at')}
          />
          <TextField
            label="Ends (your local time)"
            name="ends_at"
            type="datetime-local"
            error={errors['rules.ends_at']}
            {...text('ends_at')}
          />
          <FormField label="Free entries" name="entry_period" error={errors['rules.entry_period']}>
            <Select
              value={data.entry_period}
              onChange={(e) => set('entry_period', e.target.value as 'once' | 'daily')}
              options={[
                { value: 'once', label: 'Once per person' },
                { value: 'daily', label: 'Once per day' },
              ]}
            />
          </FormField>
          <TextField
            label="Claim window (days)"
            name="claim_window_days"
            type="number"
            min={1}
            error={errors['rules.claim_window_days']}
            {...text('claim_window_days')}
          />
          <TextField
            label="Alternates drawn"
            name="alternates"
            type="number"
            min={0}
            error={errors['rules.alternates']}
            {...text('alternates')}
          />
          <div className="grid grid-cols-2 gap-2 sm:col-span-2 sm:grid-cols-4">
            <TextField
              label="Bonus: purchase"
              name="bonus_purchase"
              type="number"
              min={0}
              {...text('bonus_purchase')}
            />
            <TextField
              label="Bonus: referral"
              name="bonus_referral"
              type="number"
              min={0}
              {...text('bonus_referral')}
            />
            <TextField label="Bonus: share" name="bonus_share" type="number" min={0} {...text('bonus_share')} />
            <TextField
              label="Shares counted per entrant"
              name="share_cap"
              type="number"
              min={0}
              error={errors['rules.share_cap']}
              {...text('share_cap')}
            />
          </div>
          <TextField
            className="sm:col-span-2"
            label="Odds statement"
            name="odds_statement"
            error={errors['rules.odds_statement']}
            {...text('odds_statement')}
          />
          <TextField
            className="sm:col-span-2"
            label="Free entry method"
            name="free_entry_method"
            error={errors['rules.free_entry_method']}
            {...text('free_entry_method')}
          />
        </div>
      </Card>
      <Card
        title="Prizes"
        description="In prize order: the first winner drawn gets the first prize."
        actions={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => set('prizes', [...data.prizes, { name: '', description: '', value: '0.00' }])}
          >
            Add prize
          </Button>
        }
      >
        <div className="space-y-4">
          {errors['rules.prizes'] && <p className="text-sm text-red-600 dark:text-red-400">{errors['rules.prizes']}</p>}
          {data.prizes.map((prize, i) => (
            <div
              key={i}
              className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-6 dark:border-slate-700"
            >
              <TextField
                className="sm:col-span-2"
                label={`Prize ${i + 1}`}
                name={`prize_${i}_name`}
                value={prize.name}
                error={errors[`rules.prizes.${i}.name`]}
                onChange={(e) => setPrize(i, { name: e.target.value })}
              />
              <TextField
                className="sm:col-span-2"
                label="Description"
                name={`prize_${i}_description`}
                value={prize.description}
                onChange={(e) => setPrize(i, { description: e.target.value })}
              />
              <FormField
                className="sm:col-span-1"
                label="Retail value"
                name={`prize_${i}_value`}
                error={errors[`rules.prizes.${i}.retail_value_minor`]}
              >
                <Input
                  inputMode="decimal"
                  value={prize.value}
                  onChange={(e) => setPrize(i, { value: e.target.value })}
                />
              </FormField>
              <div className="flex items-end sm:col-span-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={data.prizes.length === 1}
                  onClick={() =>
                    set(
                      'prizes',
                      data.prizes.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove
                </Button>
              </div>
            </div>
          ))}
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" loading={form.processing}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
