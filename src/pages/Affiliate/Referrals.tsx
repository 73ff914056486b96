import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { AffiliateJson, CommissionJson, ReferralJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatesApi } from '@/api/affiliates';
import { AffiliateNav, CommissionList, formatDate } from '@/components/affiliates/parts';
import { Card, DividedList, EmptyState, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

/** Affiliate Referrals: every commission with why it is in its state, and the people your links brought. */
export default function Referrals({
  commissions: first,
  referrals,
}: PageProps<{ affiliate: AffiliateJson; commissions: Page<CommissionJson>; referrals: Page<ReferralJson> }>) {
  const { attempt } = useAttempt();
  const [commissions, setCommissions] = useState(first);
  const goTo = async (page: number) => {
    await attempt(async () => {
      setCommissions(await affiliatesApi.commissions(page));
    });
  };
  return (
    <>
      <Head title="Referrals" />
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 dark:text-white">Referrals</h1>
      <AffiliateNav />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
        <Card
          title="Commissions"
          description="Pending commissions wait out the refund window; the date is in each line."
        >
          {commissions.data.length ? (
            <CommissionList commissions={commissions.data} />
          ) : (
            <EmptyState title="No commissions yet" />
          )}
          <Pagination className="mt-4" of={commissions} onPageChange={goTo} />
        </Card>
        <Card title={`People referred (${referrals.total})`}>
          <DividedList
            items={referrals.data}
            empty={
              <EmptyState title="Nobody yet" description="People who sign up after clicking your link appear here." />
            }
            className="text-sm"
          >
            {(r, i) => (
              <li key={i} className="flex justify-between py-2">
                <span className="text-slate-900 dark:text-white">{r.user_name}</span>
                <span className="text-slate-500">{formatDate(r.bound_at)}</span>
              </li>
            )}
          </DividedList>
        </Card>
      </div>
    </>
  );
}
