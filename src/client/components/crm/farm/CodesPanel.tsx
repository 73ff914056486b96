import { router } from '@inertiajs/react';
import type { CampaignCodeJson, CodeKind } from '@contracts/crm-marketing';
import { farmApi } from '@/api/crm-marketing';
import { Button, Card, Select, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';

const STATE_CLASS = {
  valid: 'text-emerald-700 dark:text-emerald-400',
  redeemed: 'text-ink-subtle',
  expired: 'text-amber-700 dark:text-amber-400',
};

/** Single-use codes of a campaign: QR codes for a print run or a recipient, or codes that grant image credits. */
export function CodesPanel({
  campaignId,
  codes,
  canManage,
}: {
  campaignId: string;
  codes: CampaignCodeJson[];
  canManage: boolean;
}) {
  const form = useApiForm(
    { kind: 'qr' as CodeKind, count: '10', credits: '5', expires_in_days: '90', label: '' },
    {
      successMessage: (r: { codes: CampaignCodeJson[] }) => `${r.codes.length} codes made`,
      onSuccess: () => router.reload(),
    },
  );
  const make = form.handleSubmit((v) =>
    farmApi.makeCodes(campaignId, {
      kind: v.kind,
      count: Number(v.count),
      credits: v.kind === 'credits' ? Number(v.credits) : undefined,
      expires_in_days: Number(v.expires_in_days),
      label: v.label,
    }),
  );
  return (
    <Card title="Codes" padded={false}>
      {canManage && (
        <form className="grid gap-2 border-b border-line p-4 sm:grid-cols-6" onSubmit={make}>
          <Select
            aria-label="Kind"
            value={form.data.kind}
            onChange={(e) => form.set('kind', e.target.value as CodeKind)}
            options={[
              { value: 'qr', label: 'QR' },
              { value: 'credits', label: 'Credits' },
            ]}
          />
          <TextField label="How many" inputMode="numeric" {...form.field('count')} />
          {form.data.kind === 'credits' && (
            <TextField label="Credits each" inputMode="numeric" {...form.field('credits')} />
          )}
          <TextField label="Days valid" inputMode="numeric" {...form.field('expires_in_days')} />
          <TextField label="Print run / recipient" {...form.field('label')} />
          <Button type="submit" loading={form.processing} className="self-end">
            Make codes
          </Button>
        </form>
      )}
      {codes.length === 0 ? (
        <p className="p-4 text-sm text-ink-muted">No codes yet.</p>
      ) : (
        <ul className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Codes">
          {codes.map((c) => (
            <li key={c.id} className="flex items-center gap-3 rounded-control border border-line p-2">
              <img src={c.qr} alt={`QR code for ${c.code}`} className="h-16 w-16 rounded bg-white" />
              <div className="min-w-0 text-sm">
                <p className="font-mono text-ink">{c.code}</p>
                <p className="text-xs text-ink-subtle">
                  {c.kind === 'credits' ? `${c.credits} credits` : 'QR'}
                  {c.label && ` · ${c.label}`}
                </p>
                <p className={`text-xs ${STATE_CLASS[c.state]}`}>
                  {c.state} · until {new Date(c.expires_at).toLocaleDateString()}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
