import { Head } from '@inertiajs/react';
import type { AffiliateJson, GuidelinesJson, PayoutMethod } from '@contracts/affiliates';
import { METHOD_LABELS } from '@/components/affiliates/PayoutMethodFields';
import { affiliatePaths } from '@/api/affiliates';
import { formatMoney } from '@/components/affiliates/parts';
import { ButtonLink, Card } from '@/components/ui';
import { routes } from '@/routes';
import type { PageProps } from '@/types';

interface Terms {
  currency: string;
  default_rate_bps: number;
  attribution_days: number;
  hold_days: number;
  override_bps: number;
  minimum_payout_minor: number;
  payout_day: number;
  /** The methods this setup can pay with. */
  payout_methods: PayoutMethod[];
}

/** Affiliate Landing (public): what the programme pays and how, with the one next step for this visitor. */
export default function Landing({
  affiliate,
  guidelines,
  terms,
  auth,
}: PageProps<{ affiliate: AffiliateJson | null; guidelines: GuidelinesJson | null; terms: Terms }>) {
  const cta = !auth.user
    ? { href: routes.register, label: 'Create an account to apply' }
    : !affiliate
      ? { href: affiliatePaths.signup, label: 'Apply now' }
      : {
          href: affiliate.status === 'approved' ? affiliatePaths.dashboard : affiliatePaths.signup,
          label: 'Open your affiliate dashboard',
        };
  const facts = [
    [`${terms.default_rate_bps / 100}%`, 'of every sale you refer'],
    [`${terms.attribution_days} days`, 'cookie window; the last click wins'],
    [`${terms.hold_days} days`, 'refund window before a commission is payable'],
    [formatMoney(terms.minimum_payout_minor, terms.currency), `minimum payout, paid on the ${terms.payout_day}th`],
    [`${terms.override_bps / 100}%`, 'of what the affiliates you recruit earn'],
    [
      terms.payout_methods.map((m) => METHOD_LABELS[m]).join(' or '),
      terms.payout_methods.length > 1 ? 'you choose how you are paid' : 'how you are paid',
    ],
  ];
  return (
    <>
      <Head title="Affiliate programme" />
      <section className="mx-auto max-w-3xl py-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600 dark:text-brand-400">
          Reelty partners
        </p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">
          Earn when the people you send find their home here
        </h1>
        <p className="mt-4 text-slate-600 dark:text-slate-300">
          Share listings, spots and the AI room designer. Every purchase made through your links earns you a commission,
          and every commission tells you exactly where it stands and when it will be paid.
        </p>
        <div className="mt-6 flex justify-center">
          <ButtonLink href={cta.href} size="lg">
            {cta.label}
          </ButtonLink>
        </div>
      </section>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([value, label]) => (
          <div
            key={label}
            className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="text-2xl font-semibold text-slate-900 dark:text-white">{value}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{label}</p>
          </div>
        ))}
      </div>
      {guidelines && (
        <Card title={`Programme guidelines (version ${guidelines.version})`} className="mt-8">
          <p className="whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">{guidelines.body}</p>
        </Card>
      )}
    </>
  );
}
