import { Head, Link, router } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import type { DisputeKind, MarketplaceProps, MaskedOfferJson, PurchaseJson } from '@contracts/crm';
import { affiliatePaths } from '@/api/affiliates';
import { commerceApi, commercePaths } from '@/api/commerce';
import { crmApi, crmPaths } from '@/api/crm';
import { formatMoney } from '@/components/commerce/format';
import { Button, Card, DividedList, EmptyState, Pagination } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

const label = (s: string) => s.replace(/_/g, ' ');

/**
 * Leads/Marketplace: masked offers from other books (claim first for image credits, or buy through the cart for
 * money) and the leads I bought, with their dispute window.
 */
export default function Marketplace({
  offers,
  purchases,
  claims_left_today,
  credits,
  earnings,
  payout_account,
}: MarketplaceProps) {
  const { attempt } = useAttempt();
  const [open, setOpen] = useState(offers.data);
  const [bought, setBought] = useState(purchases);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    setOpen(offers.data);
    setBought(purchases);
  }, [offers, purchases]);

  const claim = async (offer: MaskedOfferJson) => {
    setBusy(offer.id);
    try {
      const won = await crmApi.claimOffer(offer.id);
      setBought((page) => ({ ...page, data: [won, ...page.data], total: page.total + 1 }));
      notify.success('The lead is yours: the contact is in your book.');
      router.reload({ only: ['claims_left_today', 'credits'] });
    } catch (error) {
      notify.error(errorMessage(error, 'Could not claim the lead'));
    } finally {
      setOpen((list) => list.filter((o) => o.id !== offer.id));
      setBusy(null);
    }
  };
  // A money offer is a commerce product: into the cart, then the normal checkout.
  const buy = async (offer: MaskedOfferJson) => {
    setBusy(offer.id);
    try {
      const { variant_id } = await crmApi.buyOffer(offer.id);
      await commerceApi.addToCart(variant_id, 1);
      router.visit(commercePaths.cart);
    } catch (error) {
      notify.error(errorMessage(error, 'Could not buy the lead'));
      setBusy(null);
    }
  };
  const dispute = async (p: PurchaseJson, kind: DisputeKind) => {
    const reason =
      kind === 'other'
        ? window.prompt('What is wrong with this lead?')?.trim()
        : kind === 'duplicate'
          ? 'Already in my book'
          : 'The phone number is invalid';
    if (!reason) return;
    try {
      const next = await crmApi.disputeOffer(p.id, reason, kind);
      setBought((page) => ({ ...page, data: page.data.map((x) => (x.sale_id === next.sale_id ? next : x)) }));
      notify.success(
        next.status === 'refunded'
          ? 'Checked and refunded.'
          : 'Dispute sent: you are refunded if the seller or an admin upholds it.',
      );
    } catch (error) {
      notify.error(errorMessage(error, 'Could not dispute the lead'));
    }
  };
  const purchasesPage = async (page: number) => {
    await attempt(async () => {
      setBought(await crmApi.purchases(page));
    }, 'Could not load your purchases');
  };

  return (
    <>
      <Head title="Lead marketplace" />
      <div className="mb-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-headline text-ink">Lead marketplace</h1>
        <p className="text-sm text-ink-muted" data-testid="market-status">
          {credits} credits · {claims_left_today} claims left today
        </p>
        <Link href={crmPaths.myLeads} className="ms-auto text-sm text-accent-ink underline">
          My leads
        </Link>
      </div>
      {earnings.length > 0 && <SalesMoney earnings={earnings} account={payout_account} />}
      <Card title="Offered leads" description="Contact details show once you claim." className="mb-4" padded={false}>
        <DividedList
          items={open}
          empty={<EmptyState title="No leads on offer" description="Leads other realtors offer appear here." />}
          aria-label="Offered leads"
        >
          {(o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <OfferLine offer={o} />
              {o.mine ? (
                <span className="text-xs text-ink-subtle">your offer</span>
              ) : (
                <Button
                  size="sm"
                  disabled={busy !== null || claims_left_today === 0}
                  onClick={() => (o.price ? buy(o) : claim(o))}
                >
                  {o.price ? `Buy for ${formatMoney(o.price)}` : `Claim for ${o.price_credits} credits`}
                </Button>
              )}
            </li>
          )}
        </DividedList>
        <Pagination className="p-4" of={offers} hrefFor={(p) => crmPaths.marketplace(p)} />
      </Card>
      <Card title="My purchases" padded={false}>
        <DividedList
          items={bought.data}
          empty={
            <EmptyState title="Nothing bought yet" description="Leads you claim stay here with their dispute window." />
          }
          aria-label="My purchases"
        >
          {(p) => (
            <li key={p.sale_id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                {p.contact_id ? (
                  <Link href={crmPaths.contact(p.contact_id)} className="font-medium text-ink hover:underline">
                    {p.contact_name || 'Contact'}
                  </Link>
                ) : (
                  <p className="font-medium text-ink">{p.contact_name || 'Contact'}</p>
                )}
                <p className="text-xs break-all text-ink-subtle">
                  {[p.contact_email, p.contact_phone].filter(Boolean).join(' · ')}
                </p>
                <OfferLine offer={p} />
              </div>
              {p.can_dispute ? (
                <div className="flex flex-wrap gap-1" aria-label="Dispute">
                  <Button size="sm" variant="secondary" onClick={() => dispute(p, 'duplicate')}>
                    Duplicate
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => dispute(p, 'invalid_phone')}>
                    Wrong number
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => dispute(p, 'other')}>
                    Other…
                  </Button>
                </div>
              ) : (
                <span className="text-xs text-ink-subtle">{label(p.status)}</span>
              )}
            </li>
          )}
        </DividedList>
        <Pagination className="p-4" of={bought} onPageChange={purchasesPage} />
      </Card>
    </>
  );
}

function OfferLine({ offer }: { offer: MaskedOfferJson }) {
  const facts = [offer.area && `Area ${offer.area}`, offer.price_band, offer.property_type, label(offer.timeline)];
  return (
    <div className="min-w-0 flex-1">
      <p className="text-sm text-ink">{facts.filter(Boolean).join(' · ')}</p>
      <p className="text-xs text-ink-subtle">
        {label(offer.source)} · offered {new Date(offer.created_at).toLocaleDateString()} ·{' '}
        {offer.max_buyers === 1 ? 'exclusive' : `shared: ${offer.buyers_left} of ${offer.max_buyers} copies left`}
      </p>
    </div>
  );
}

/**
 * What my money sales of leads earned, per currency: pending while their dispute window is open, then transferred
 * to my payout balance (paid with the affiliate payouts), or awaiting a payout account to move to.
 */
function SalesMoney({
  earnings,
  account,
}: {
  earnings: MarketplaceProps['earnings'];
  account: MarketplaceProps['payout_account'];
}) {
  const awaiting = earnings.some((e) => e.awaiting_minor > 0);
  const hint =
    account.status === null
      ? 'Join the affiliate programme to get a payout account: settled sales move to it.'
      : account.status === 'approved'
        ? `Payouts are made in ${account.currency}: sales in other currencies wait here.`
        : `Your payout account is ${account.status}: settled sales move to it once it is approved.`;
  return (
    <Card
      title="My lead sales"
      description="Each sale is paid out after its 72-hour dispute window, with your payouts."
      className="mb-4"
      padded={false}
      actions={
        <Link href={affiliatePaths.userPayouts} className="text-sm text-accent-ink underline">
          Payouts
        </Link>
      }
    >
      <ul className="divide-y divide-line" aria-label="Lead sales money" data-testid="sales-money">
        {earnings.map((e) => (
          <li key={e.currency} className="grid grid-cols-1 gap-1 px-4 py-3 text-sm sm:grid-cols-3">
            <span className="text-ink">
              <span className="text-ink-muted">Pending </span>
              {formatMoney({ amount_minor: e.pending_minor, currency: e.currency })}
            </span>
            <span className="text-ink">
              <span className="text-ink-muted">Transferred to payouts </span>
              {formatMoney({ amount_minor: e.transferred_minor, currency: e.currency })}
            </span>
            <span className="text-ink">
              <span className="text-ink-muted">Awaiting a payout account </span>
              {formatMoney({ amount_minor: e.awaiting_minor, currency: e.currency })}
            </span>
          </li>
        ))}
      </ul>
      {awaiting && (
        <p className="px-4 pb-3 text-xs text-ink-subtle">
          {hint}{' '}
          {account.status === null && (
            <Link href={affiliatePaths.signup} className="text-accent-ink underline">
              Apply
            </Link>
          )}
        </p>
      )}
    </Card>
  );
}
