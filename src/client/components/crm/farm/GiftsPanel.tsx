import { router } from '@inertiajs/react';
import { useState } from 'react';
import type { ContactJson } from '@contracts/crm';
import type { GiftJson } from '@contracts/crm-marketing';
import { crmApi } from '@/api/crm';
import { farmApi } from '@/api/crm-marketing';
import { Button, Card, EmptyState, Input, TextField } from '@/components/ui';
import { formatMoney } from '@/components/sweepstakes/format';
import { useApiForm } from '@/hooks/useApiForm';
import { useAttempt } from '@/hooks/useAttempt';
import { FarmRows } from './FarmRows';

/** Gifts sent to the farm's contacts (pies, calendars, pumpkins) with what each cost. */
export function GiftsPanel({ campaignId, gifts }: { campaignId: string; gifts: GiftJson[] }) {
  const { attempt } = useAttempt();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ContactJson[]>([]);
  const [contact, setContact] = useState<ContactJson | null>(null);
  const form = useApiForm(
    { description: '', cost: '' },
    { successMessage: 'Gift recorded', onSuccess: () => router.reload() },
  );
  const search = async (value: string) => {
    setQ(value);
    if (value.trim().length < 2) return setFound([]);
    await attempt(async () => {
      setFound((await crmApi.search(value)).data);
    }, 'Could not search contacts');
  };
  const save = form.handleSubmit((v) =>
    farmApi.gift({
      contact_id: contact?.id ?? '',
      campaign_id: campaignId,
      description: v.description,
      cost_minor: Math.round(Number(v.cost || 0) * 100),
    }),
  );
  const total = gifts.reduce((sum, g) => sum + g.cost_minor, 0);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card title="Record a gift">
        <form className="grid gap-3" onSubmit={save}>
          <div>
            <Input
              aria-label="Find a contact"
              placeholder="Find a contact…"
              value={q}
              onChange={(e) => search(e.target.value)}
            />
            {found.length > 0 && (
              <ul className="mt-1 rounded-control border border-line">
                {found.map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      className="w-full px-3 py-2 text-left text-sm text-ink hover:bg-surface-muted"
                      onClick={() => {
                        setContact(c);
                        setFound([]);
                        setQ(c.name || c.email || '');
                      }}
                    >
                      {c.name || c.email}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {form.errors.contact_id && <p className="text-xs text-red-600">{form.errors.contact_id}</p>}
          </div>
          <TextField label="Gift" required {...form.field('description')} placeholder="Thanksgiving pie" />
          <TextField label="Cost" inputMode="decimal" {...form.field('cost')} placeholder="24.50" />
          <Button type="submit" loading={form.processing} disabled={!contact}>
            Save gift
          </Button>
        </form>
      </Card>
      <Card title={`Gifts · ${formatMoney(total, gifts[0]?.currency ?? 'USD')}`} padded={false}>
        <FarmRows
          items={gifts}
          empty={<EmptyState title="No gifts yet" description="Gifts you send to this farm's contacts appear here." />}
          what={(g) => `${g.description} · ${g.contact.name}`}
          figure={(g) => formatMoney(g.cost_minor, g.currency)}
        />
      </Card>
    </div>
  );
}
