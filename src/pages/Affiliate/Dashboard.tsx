import { BarChart, StatCard } from '@/components/charts';
import { Head, router } from '@inertiajs/react';
import type { AffiliateJson, BalanceJson, CommissionJson, GuidelinesJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatePaths, affiliatesApi } from '@/api/affiliates';
import { AffiliateNav, CommissionList, formatDate, formatMoney, lastDays } from '@/components/affiliates/parts';
import { Alert, Button, ButtonLink, Card, EmptyState } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

interface Props {
  affiliate: AffiliateJson;
  balance: BalanceJson;
  clicks_by_day: Array<{ day: string; clicks: number }>;
  commissions: Page<CommissionJson>;
  referrals: Page<unknown>;
  guidelines: GuidelinesJson | null;
}

/** Affiliate Dashboard: balance by state, clicks over 30 days, and the latest commissions with their reasons. */
export default function Dashboard({
  affiliate,
  balance,
  clicks_by_day,
  commissions,
  referrals,
  guidelines,
}: PageProps<Props>) {
  const accept = useApiForm({}, { successMessage: 'Guidelines accepted', onSuccess: () => router.reload() });
  const money = (minor: number) => formatMoney(minor, balance.currency);
  return (
    <>
      <Head title="Affiliate dashboard" />
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 dark:text-white">Affiliate dashboard</h1>
      <AffiliateNav />
      {!affiliate.guidelines_current && guidelines && (
        <Alert variant="warning" title={`The guidelines changed (version ${guidelines.version})`} className="mb-4">
          <p className="mb-2">Your links stop tracking until you accept the new version.</p>
          <Button
            size="sm"
            loading={accept.processing}
            onClick={() => accept.submit(() => affiliatesApi.acceptGuidelines(guidelines.version))}
          >
            Accept version {guidelines.version}
          </Button>
        </Alert>
      )}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="In the refund window"
          value={money(balance.pending_minor)}
          hint="Becomes payable when the window ends"
        />
        <StatCard
          label="Payable"
          value={money(balance.available_minor)}
          hint={balance.hold_reason ?? `Next payout ${formatDate(balance.next_payout_date)}`}
        />
        <StatCard label="Paid to you" value={money(balance.paid_minor)} />
        <StatCard label="People referred" value={String(referrals.total)} hint={`Your code: ${affiliate.code}`} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Clicks, last 30 days">
          <BarChart points={lastDays(clicks_by_day)} label="clicks per day" />
        </Card>
        <Card
          title="Latest commissions"
          actions={
            <ButtonLink href={affiliatePaths.referrals} variant="ghost" size="sm">
              All
            </ButtonLink>
          }
        >
          {commissions.data.length ? (
            <CommissionList commissions={commissions.data} />
          ) : (
            <EmptyState
              title="No commissions yet"
              description="Create a link and share it: purchases through it appear here."
              action={<ButtonLink href={affiliatePaths.links}>Create a link</ButtonLink>}
            />
          )}
        </Card>
      </div>
    </>
  );
}
