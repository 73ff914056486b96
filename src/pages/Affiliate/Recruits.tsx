import { Head } from '@inertiajs/react';
import type { AffiliateJson, RecruitJson } from '@contracts/affiliates';
import { AffiliateNav, formatDate, formatMoney, StatusBadge } from '@/components/affiliates/parts';
import { Card, DividedList, EmptyState } from '@/components/ui';
import type { PageProps } from '@/types';

/** Affiliate Recruits: the affiliates you brought in and the override each has earned you. */
export default function Recruits({ recruits }: PageProps<{ affiliate: AffiliateJson; recruits: RecruitJson[] }>) {
  return (
    <>
      <Head title="Your recruits" />
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 dark:text-white">Recruits</h1>
      <AffiliateNav />
      <Card padded={false}>
        <DividedList
          items={recruits}
          empty={
            <EmptyState
              inset
              title="No recruits yet"
              description="Share your invitation link from the Recruitment tab."
            />
          }
        >
          {(r) => (
            <li key={r.affiliate_id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
              <div>
                <p className="font-medium text-slate-900 dark:text-white">{r.name}</p>
                <p className="text-slate-500">joined {formatDate(r.joined_at)}</p>
              </div>
              <div className="flex items-center gap-3">
                <span className="tabular-nums text-slate-900 dark:text-white">
                  {formatMoney(r.override_earned_minor)}
                </span>
                <StatusBadge status={r.status} />
              </div>
            </li>
          )}
        </DividedList>
      </Card>
    </>
  );
}
