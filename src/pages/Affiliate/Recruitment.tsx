import { Head } from '@inertiajs/react';
import type { AffiliateJson } from '@contracts/affiliates';
import { AffiliateNav } from '@/components/affiliates/parts';
import { Button, Card } from '@/components/ui';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';

/** Affiliate Recruitment: invite other affiliates and earn an override on what they earn (two tiers at most). */
export default function Recruitment({
  affiliate,
  recruit_url,
  override_bps,
}: PageProps<{ affiliate: AffiliateJson; recruit_url: string; override_bps: number }>) {
  const url = `${window.location.origin}${recruit_url}`;
  return (
    <>
      <Head title="Recruit affiliates" />
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 dark:text-white">Recruitment</h1>
      <AffiliateNav />
      <Card
        title="Invite affiliates"
        description={`Earn ${override_bps / 100}% of every commission your recruits have approved, reversed with it if their sale is refunded.`}
      >
        <p className="break-all rounded-lg bg-slate-100 p-3 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-white">
          {url}
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Or give them your code <span className="font-mono">{affiliate.code}</span> to type in the application.
          Recruits of your recruits do not count: two tiers at most.
        </p>
        <Button
          className="mt-4"
          onClick={async () => {
            await navigator.clipboard?.writeText(url);
            notify.success('Invitation link copied');
          }}
        >
          Copy invitation link
        </Button>
      </Card>
    </>
  );
}
