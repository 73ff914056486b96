import type { ReactNode } from 'react';
import { usePage } from '@inertiajs/react';
import type { CommissionJson, CommissionStatus, PayoutStatus, TaxFormJson } from '@contracts/affiliates';
import { affiliatePaths } from '@/api/affiliates';
import { TabLink } from '@/components/ui/TabLink';
import { cn } from '@/lib/cn';

export function formatMoney(minor: number, currency = 'USD'): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 100);
}

export function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '—';
}

/** A tax form's file, opened in a new tab, named by its kind and upload day ("W9 · Nov 28, 2026"). */
export function TaxFormLink({ form }: { form: TaxFormJson }) {
  return (
    <a href={form.file_url} target="_blank" rel="noreferrer" className="text-brand-700 underline dark:text-brand-300">
      {form.kind.toUpperCase()} · {formatDate(form.created_at)}
    </a>
  );
}

const TABS = [
  ['Dashboard', affiliatePaths.dashboard],
  ['Links', affiliatePaths.links],
  ['Referrals', affiliatePaths.referrals],
  ['Payouts', affiliatePaths.payouts],
  ['Materials', affiliatePaths.materials],
  ['Recruitment', affiliatePaths.recruitment],
  ['Recruits', affiliatePaths.recruits],
  ['Documents', affiliatePaths.documents],
] as const;

/** The programme's tab bar: scrolls sideways on a phone instead of wrapping. */
export function AffiliateNav() {
  const { url } = usePage();
  return (
    <nav aria-label="Affiliate programme" className="-mx-4 mb-6 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-slate-200 dark:border-slate-800">
        {TABS.map(([label, href]) => {
          const active = url.split('?')[0] === href;
          return (
            <li key={href}>
              <TabLink href={href} active={active}>
                {label}
              </TabLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const STATUS_STYLES: Record<CommissionStatus | PayoutStatus | string, string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  running: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  preview: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  queued: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  approved: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  paid: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  sent: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  reversed: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  cancelled: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  partly_paid: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  in_progress: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  awaiting_bank: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  banned: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
};

/** A status chip coloured by `status`; `label` replaces the status's own words (a batch's "Partly paid (1 of 2)"). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
        !label && 'capitalize',
        STATUS_STYLES[status],
      )}
    >
      {label ?? status.replace('_', ' ')}
    </span>
  );
}

export function lastDays(rows: Array<{ day: string; clicks: number }>, days = 30) {
  const byDay = new Map(rows.map((r) => [r.day, r.clicks]));
  const today = new Date();
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1 - i)));
    const day = d.toISOString().slice(0, 10);
    return { label: day, value: byDay.get(day) ?? 0 };
  });
}

/** Commissions with the sentence that says why each is in its state and when it moves. */
export function CommissionList({
  commissions,
  action,
}: {
  commissions: CommissionJson[];
  /** Under a commission's status (an admin's "Release now"). */
  action?: (c: CommissionJson) => ReactNode;
}) {
  return (
    <ul className="divide-y divide-line">
      {commissions.map((c) => (
        <li key={c.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900 dark:text-white">
              Order {c.order_number} · {c.category}
              {c.tier === 2 && <span className="ml-2 text-xs text-slate-500">override</span>}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{c.status_reason}</p>
          </div>
          <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
            <span className="font-semibold tabular-nums text-slate-900 dark:text-white">
              {formatMoney(c.amount_minor, c.currency)}
            </span>
            <StatusBadge status={c.status} />
            {action?.(c)}
          </div>
        </li>
      ))}
    </ul>
  );
}
