import { Head, Link } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import type { LeadJson, LeadRoutedEvent, MyLeadsProps } from '@contracts/crm';
import { crmApi, crmLive, crmPaths } from '@/api/crm';
import { farmPaths } from '@/api/crm-marketing';
import { Button, Card, EmptyState, Pagination } from '@/components/ui';
import { useChannel } from '@/echo';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

const label = (s: string) => s.replace(/_/g, ' ');

/** Leads/MyLeads: the agent's queue, live. New leads arrive on the agent's own channel; pooled leads are claimed. */
export default function MyLeads({ me, leads, claimable }: MyLeadsProps) {
  const { attempt } = useAttempt();
  const [mine, setMine] = useState(leads.data);
  const [pool, setPool] = useState(claimable);
  useEffect(() => {
    setMine(leads.data);
    setPool(claimable);
  }, [leads, claimable]);
  useChannel(crmLive.agentChannel(me), 'private', {
    [crmLive.routed]: ({ lead }: LeadRoutedEvent) => {
      if (lead.agent_id === me) setMine((list) => [lead, ...list.filter((l) => l.id !== lead.id)]);
      else setPool((list) => [lead, ...list.filter((l) => l.id !== lead.id)]);
      notify.info(`New lead: ${lead.contact_name}`);
    },
    [crmLive.claimed]: ({ lead_id }: { lead_id: string }) => setPool((list) => list.filter((l) => l.id !== lead_id)),
  });
  const claim = async (lead: LeadJson) => {
    try {
      const { lead: won } = await crmApi.claim(lead.id);
      setPool((list) => list.filter((l) => l.id !== lead.id));
      setMine((list) => [won, ...list]);
      notify.success('The lead is yours');
    } catch (error) {
      setPool((list) => list.filter((l) => l.id !== lead.id));
      notify.error(errorMessage(error, 'Could not claim the lead'));
    }
  };
  const contacted = async (lead: LeadJson) => {
    try {
      const { lead: next } = await crmApi.contacted(lead.id);
      setMine((list) => list.map((l) => (l.id === next.id ? next : l)));
    } catch (error) {
      notify.error(errorMessage(error, 'Could not save'));
    }
  };
  const offer = async (lead: LeadJson) => {
    const asked = window.prompt('Offer this lead for image credits (e.g. 3) or for money (e.g. $25)?', '3')?.trim();
    if (!asked) return;
    const dollars = /^\$\s*(\d+(?:\.\d{1,2})?)$/.exec(asked);
    const credits = Number(asked);
    const price = dollars
      ? { price_minor: Math.round(Number(dollars[1]) * 100), currency: 'USD' }
      : { price_credits: credits };
    if (!dollars && (!Number.isInteger(credits) || credits < 1)) return;
    const buyers = Number(window.prompt('How many buyers? 1 = exclusive; more (up to 25) = shared', '1')?.trim() || 1);
    if (!Number.isInteger(buyers) || buyers < 1) return;
    await attempt(async () => {
      await crmApi.offerLead(lead.id, { ...price, timeline: 'now', max_buyers: buyers });
      notify.success('Offered on the lead marketplace');
    }, 'Could not offer the lead');
  };
  return (
    <>
      <Head title="My leads" />
      <div className="mb-4 flex flex-wrap items-baseline gap-3">
        <h1 className="text-headline text-ink">My leads</h1>
        <Link href={crmPaths.marketplace()} className="ms-auto text-sm text-accent-ink underline">
          Marketplace
        </Link>
        <Link href={farmPaths.analytics(30)} className="text-sm text-accent-ink underline">
          Analytics
        </Link>
        <Link href={crmPaths.routing} className="text-sm text-accent-ink underline">
          Routing
        </Link>
      </div>
      {pool.length > 0 && (
        <Card title="Up for grabs" className="mb-4" padded={false}>
          <ul className="divide-y divide-line">
            {pool.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <LeadLine lead={l} />
                <Button size="sm" onClick={() => claim(l)}>
                  Claim
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Card padded={false}>
        {mine.length === 0 ? (
          <EmptyState title="No leads yet" description="Leads routed to you appear here the moment they arrive." />
        ) : (
          <ul className="divide-y divide-line" aria-label="My leads">
            {mine.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <LeadLine lead={l} link />
                {l.status === 'assigned' ? (
                  <Button size="sm" variant="secondary" onClick={() => contacted(l)}>
                    Mark contacted
                  </Button>
                ) : (
                  <span className="text-xs text-emerald-700 dark:text-emerald-400">contacted</span>
                )}
                <Button size="sm" variant="ghost" onClick={() => offer(l)}>
                  Offer
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Pagination className="p-4" of={leads} hrefFor={(p) => `${crmPaths.myLeads}?page=${p}`} />
      </Card>
    </>
  );
}

function LeadLine({ lead, link = false }: { lead: LeadJson; link?: boolean }) {
  const name = lead.contact_name || 'New contact';
  return (
    <div className="min-w-0 flex-1">
      {link ? (
        <Link href={crmPaths.contact(lead.contact_id)} className="font-medium text-ink hover:underline">
          {name}
        </Link>
      ) : (
        <p className="font-medium text-ink">{name}</p>
      )}
      <p className="text-xs text-ink-subtle">
        {label(lead.source)} · {new Date(lead.created_at).toLocaleString()} · {lead.routing_reason}
      </p>
      {lead.message && <p className="truncate text-sm text-ink-muted">{lead.message}</p>}
    </div>
  );
}
