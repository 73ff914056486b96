import { Head } from '@inertiajs/react';
import type { AffiliateJson, BalanceJson, PayoutJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatePaths } from '@/api/affiliates';
import { BalanceSummary, PayoutHistory } from '@/components/affiliates/payouts';
import { ButtonLink, Card, EmptyState } from '@/components/ui';
import type { PageProps } from '@/types';

/** User Payouts: every payout this account receives (today, affiliate earnings), or how to start earning. */
export default function UserPayouts({
  affiliate,
  balance,
  payouts,
}: PageProps<{ affiliate: AffiliateJson | null; balance: BalanceJson | null; payouts: Page<PayoutJson> | null }>) {
  return (
    <>
      <Head title="Payouts" />
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 dark:text-white">Payouts</h1>
      {balance && payouts ? (
        <div className="space-y-6">
          <BalanceSummary balance={balance} />
          <Card
            title="History"
            actions={
              <ButtonLink href={affiliatePaths.payouts} size="sm" variant="ghost">
                Payout settings
              </ButtonLink>
            }
          >
            <PayoutHistory payouts={payouts} />
          </Card>
        </div>
      ) : (
        <EmptyState
          title={affiliate ? `Your affiliate account is ${affiliate.status}` : 'Nothing to pay out yet'}
          description="Payouts come from the affiliate programme: share Reelty and earn on every sale you refer."
          action={<ButtonLink href={affiliatePaths.landing}>About the programme</ButtonLink>}
        />
      )}
    </>
  );
}
