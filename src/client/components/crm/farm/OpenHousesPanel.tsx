import { router } from '@inertiajs/react';
import type { CampaignJson, CampaignOpenHouseJson } from '@contracts/crm-marketing';
import { farmApi } from '@/api/crm-marketing';
import { Button, Card, EmptyState, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { FarmRows } from './FarmRows';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Open houses linked to the farm: their registrations become the campaign's leads. */
export function OpenHousesPanel({
  campaign,
  houses,
  canManage,
}: {
  campaign: CampaignJson;
  houses: CampaignOpenHouseJson[];
  canManage: boolean;
}) {
  const form = useApiForm({ link: '' }, { successMessage: 'Open house linked', onSuccess: () => router.reload() });
  const link = form.handleSubmit((v) => {
    const id = UUID.exec(v.link)?.[0] ?? v.link.trim();
    return farmApi.update(campaign.id, { open_house_ids: [...campaign.open_house_ids, id] });
  });
  return (
    <Card title="Open houses" padded={false}>
      {canManage && (
        <form className="flex flex-wrap items-end gap-2 border-b border-line p-4" onSubmit={link}>
          <div className="min-w-0 flex-1">
            <TextField label="Open house link" {...form.field('link')} placeholder="https://…/open-houses/…" />
          </div>
          <Button type="submit" loading={form.processing}>
            Link
          </Button>
          {form.errors['open_house_ids.0'] && (
            <p className="w-full text-xs text-red-600">{form.errors['open_house_ids.0']}</p>
          )}
        </form>
      )}
      <FarmRows
        items={houses}
        empty={
          <EmptyState
            title="No linked open houses"
            description="Link your open houses in this farm to count their registrations here."
          />
        }
        what={(h) => `${h.title} · ${new Date(h.starts_at).toLocaleString()}`}
        figure={(h) => `${h.registrations} registered`}
      />
    </Card>
  );
}
