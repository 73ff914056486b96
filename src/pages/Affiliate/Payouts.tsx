import { Head, router } from '@inertiajs/react';
import type { AffiliateJson, BalanceJson, PayoutJson, PayoutMethod } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatesApi } from '@/api/affiliates';
import { AffiliateNav } from '@/components/affiliates/parts';
import { BalanceSummary, PayoutHistory } from '@/components/affiliates/payouts';
import { Button, Card } from '@/components/ui';
import { PayoutMethodFields } from '@/components/affiliates/PayoutMethodFields';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

/** Affiliate Payouts: balance, holds with reasons, history, and how to be paid. */
export default function Payouts({
  affiliate,
  balance,
  payouts,
  payout_methods,
}: PageProps<{
  affiliate: AffiliateJson;
  balance: BalanceJson;
  payouts: Page<PayoutJson>;
  payout_methods: PayoutMethod[];
}>) {
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
            <PayoutMethodFields field={form.field} method={form.data.payout_method} offered={payout_methods} />
            <Button type="submit" loading={form.processing} fullWidth>
              Save
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
