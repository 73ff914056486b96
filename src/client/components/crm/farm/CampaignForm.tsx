import { router } from '@inertiajs/react';
import type { CampaignJson } from '@contracts/crm-marketing';
import { farmApi, farmPaths } from '@/api/crm-marketing';
import { Button, Card, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';

/** A new farm: a name, the headline of its public form, and a circle on the map (centre and radius). */
export function CampaignForm() {
  const form = useApiForm(
    { name: '', headline: '', lat: '', lng: '', radius_m: '1500' },
    {
      successMessage: 'Campaign created',
      onSuccess: (c: CampaignJson) => router.visit(farmPaths.farm(c.id)),
    },
  );
  const create = form.handleSubmit((v) =>
    farmApi.create({
      name: v.name,
      headline: v.headline,
      area:
        v.lat && v.lng
          ? { kind: 'radius', lat: Number(v.lat), lng: Number(v.lng), radius_m: Number(v.radius_m) }
          : null,
    }),
  );
  return (
    <Card title="New farm campaign">
      <form className="grid gap-3" onSubmit={create}>
        <TextField label="Name" required {...form.field('name')} placeholder="Mission District farm" />
        <TextField label="Form headline" {...form.field('headline')} placeholder="Your free Mission market report" />
        <div className="grid grid-cols-3 gap-2">
          <TextField label="Latitude" inputMode="decimal" {...form.field('lat')} />
          <TextField label="Longitude" inputMode="decimal" {...form.field('lng')} />
          <TextField label="Radius (m)" inputMode="numeric" {...form.field('radius_m')} />
        </div>
        {form.errors.area && <p className="text-xs text-red-600">{form.errors.area}</p>}
        <Button type="submit" loading={form.processing}>
          Create campaign
        </Button>
      </form>
    </Card>
  );
}
