import { Head, router } from '@inertiajs/react';
import type { AffiliateJson, BalanceJson, PayoutJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatesApi } from '@/api/affiliates';
import { AffiliateNav } from '@/components/affiliates/parts';
import { BalanceSummary, PayoutHistory } from '@/components/affiliates/payouts';
import { Button, Card, FormField, Input, Select } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

const METHODS = [
  { value: 'manual', label: 'Bank transfer' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'crypto', label: 'USDC (crypto)' },
];

/** Affiliate Payouts: balance, holds with reasons, history, and how to be paid. */
export default function Payouts({
  affiliate,
  balance,
  payouts,
}: PageProps<{ affiliate: AffiliateJson; balance: BalanceJson; payouts: Page<PayoutJson> }>) {
  const form = useApiForm(
    {
      payout_method: affiliate.payout_method as string,
      payout_destination: affiliate.payout_destination ?? '',
      payout_destination_confirmation: '',
    },
    { successMessage: 'Payout method saved', onSuccess: () => router.reload() },
  );
  return (
    <>
      <Head title="Affiliate payouts" />
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 dark:text-white">Payouts</h1>
      <AffiliateNav />
      <BalanceSummary balance={balance} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card title="History">
          <PayoutHistory payouts={payouts} />
        </Card>
        <Card title="How you are paid">
          <form onSubmit={form.handleSubmit((values) => affiliatesApi.payoutSettings(values))} className="space-y-4">
            <FormField label="Method" name="payout_method" error={form.errors.payout_method}>
              <Select
                options={METHODS}
                value={form.data.payout_method}
                onChange={(e) => form.set('payout_method', e.target.value)}
              />
            </FormField>
            {form.data.payout_method !== 'manual' && (
              <>
                <FormField
                  label={form.data.payout_method === 'paypal' ? 'PayPal email' : 'USDC address'}
                  name="payout_destination"
                  error={form.errors.payout_destination}
                >
                  <Input
                    value={form.data.payout_destination}
                    onChange={(e) => form.set('payout_destination', e.target.value)}
                    autoComplete="off"
                  />
                </FormField>
                <FormField
                  label="Type it again"
                  name="payout_destination_confirmation"
                  error={form.errors.payout_destination_confirmation}
                >
                  <Input
                    value={form.data.payout_destination_confirmation}
                    onChange={(e) => form.set('payout_destination_confirmation', e.target.value)}
                    autoComplete="off"
                    onPaste={(e) => e.preventDefault()}
                  />
                </FormField>
              </>
            )}
            <Button type="submit" loading={form.processing} fullWidth>
              Save
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
