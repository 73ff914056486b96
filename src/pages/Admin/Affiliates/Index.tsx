import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type {
  AffiliateJson,
  FraudFlagJson,
  GuidelinesJson,
  MaterialJson,
  PayoutJson,
  TaxFormJson,
} from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatePaths, affiliatesAdminApi } from '@/api/affiliates';
import { formatMoney, StatusBadge, TaxFormLink } from '@/components/affiliates/parts';
import { ApplicationsTab, GuidelinesTab, MaterialsTab } from '@/components/affiliates/admin-tabs';
import { Button, Card, DividedList, EmptyState } from '@/components/ui';
import { cn } from '@/lib/cn';
import type { PageProps } from '@/types';
import { actThenReload } from '@/lib/actions';

interface Props {
  filters: { status: AffiliateJson['status'] | null; search: string };
  affiliates: Page<AffiliateJson>;
  guidelines: GuidelinesJson | null;
  materials: MaterialJson[];
  tax_forms: TaxFormJson[];
  flags: FraudFlagJson[];
  crypto_payouts: Page<PayoutJson>;
}

const TABS = ['Affiliates', 'Guidelines', 'Materials', 'Tax forms', 'Fraud flags', 'Crypto payouts'] as const;

/** Admin Affiliates: the applications queue and every affiliate, guidelines, materials, tax forms, flags, crypto. */
export default function AdminAffiliates(props: PageProps<Props>) {
  const [tab, setTab] = useState<(typeof TABS)[number]>('Affiliates');
  const act = async (work: () => Promise<unknown>, done: string) => {
    await actThenReload(work, undefined, done);
  };
  return (
    <>
      <Head title="Affiliates admin" />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Affiliates</h1>
        <a href={affiliatePaths.adminPayouts} className="text-sm text-brand-700 underline dark:text-brand-300">
          Run payouts →
        </a>
      </div>
      <div
        role="tablist"
        className="-mx-4 mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 dark:border-slate-800"
      >
        {TABS.map((name) => (
          <button
            key={name}
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={cn(
              'shrink-0 border-b-2 px-3 py-2 text-sm font-medium',
              tab === name
                ? 'border-brand-600 text-brand-700 dark:text-brand-300'
                : 'border-transparent text-slate-600 dark:text-slate-400',
            )}
          >
            {name}
            {name === 'Tax forms' && props.tax_forms.length > 0 && ` (${props.tax_forms.length})`}
            {name === 'Fraud flags' && props.flags.length > 0 && ` (${props.flags.length})`}
          </button>
        ))}
      </div>
      {tab === 'Affiliates' && <ApplicationsTab filters={props.filters} affiliates={props.affiliates} act={act} />}
      {tab === 'Guidelines' && <GuidelinesTab guidelines={props.guidelines} />}
      {tab === 'Materials' && <MaterialsTab materials={props.materials} />}
      {tab === 'Tax forms' && (
        <Card title="Tax forms to review">
          <DividedList items={props.tax_forms} empty={<EmptyState title="Nothing to review" />}>
            {(f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <TaxFormLink form={f} />
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    onClick={() => act(() => affiliatesAdminApi.reviewTaxForm(f.id, 'approved'), 'Approved')}
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => act(() => affiliatesAdminApi.reviewTaxForm(f.id, 'rejected'), 'Rejected')}
                  >
                    Reject
                  </Button>
                </div>
              </li>
            )}
          </DividedList>
        </Card>
      )}
      {tab === 'Fraud flags' && (
        <Card title="Open fraud flags" description="Flags never ban by themselves: look, then ban or dismiss.">
          <DividedList items={props.flags} empty={<EmptyState title="No open flags" />}>
            {(f) => (
              <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <div>
                  <p className="font-medium text-slate-900 dark:text-white">
                    {f.affiliate_name} · {f.kind.replace('_', ' ')}
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">{f.detail}</p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => act(() => affiliatesAdminApi.dismissFlag(f.id), 'Dismissed')}
                >
                  Dismiss
                </Button>
              </li>
            )}
          </DividedList>
        </Card>
      )}
      {tab === 'Crypto payouts' && (
        <Card
          title="USDC transfers"
          description="Addresses are typed twice and checked at entry; each transfer carries an idempotency key."
        >
          <DividedList items={props.crypto_payouts.data} empty={<EmptyState title="No crypto payouts yet" />}>
            {(p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span className="text-slate-900 dark:text-white">
                  {p.affiliate_name} · {formatMoney(p.amount_minor, p.currency)}
                </span>
                <span className="flex items-center gap-2 text-slate-500">
                  {p.provider_reference ?? p.failure_reason} <StatusBadge status={p.status} />
                </span>
              </li>
            )}
          </DividedList>
        </Card>
      )}
    </>
  );
}
