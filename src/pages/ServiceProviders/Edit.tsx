import type { Industry, Offering, ServiceProviderDetail } from '@contracts/directory';
import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import { directoryApi, directoryPaths, type ProviderProfileForm } from '@/api/directory';
import { LicenceUpload } from '@/components/directory/LicenceUpload';
import { priceLabel, VerifiedBadge } from '@/components/directory/parts';
import { Button, Card, FormField, Input, SelectField, TextArea } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

type OfferingDraft = { title: string; description: string; price: string; currency: string };

/** Dollars typed by a person as integer cents ('' is a quote on request). */
function toMinor(price: string): number | null {
  const n = Number(price.replace(/[^0-9.]/g, ''));
  return price.trim() === '' || Number.isNaN(n) ? null : Math.round(n * 100);
}

/** A provider's own profile (saving it the first time lists the business) and offerings. */
export default function ServiceProvidersEdit({
  provider,
  industries,
}: PageProps<{ provider: ServiceProviderDetail | null; industries: Industry[] }>) {
  const { attempt } = useAttempt();
  const [current, setCurrent] = useState(provider);
  const [offerings, setOfferings] = useState<Offering[]>(provider?.offerings ?? []);
  const profile = useApiForm<ProviderProfileForm, { provider: ServiceProviderDetail }>(
    {
      industry: provider?.industry.slug ?? industries[0]?.slug ?? '',
      name: provider?.name ?? '',
      headline: provider?.headline ?? '',
      bio: provider?.bio ?? '',
      city: provider?.city ?? '',
      website: provider?.website ?? '',
      licence_number: provider?.licence_number ?? '',
    },
    { successMessage: 'Profile saved', onSuccess: (r) => setCurrent(r.provider) },
  );
  const offering = useApiForm<OfferingDraft, { offering: Offering }>(
    { title: '', description: '', price: '', currency: 'USD' },
    {
      successMessage: 'Offering added',
      onSuccess: (r) => {
        setOfferings((list) => [...list, r.offering]);
        offering.reset();
      },
    },
  );
  const remove = async (id: string) => {
    await attempt(async () => {
      await directoryApi.removeOffering(id);
      setOfferings((list) => list.filter((o) => o.id !== id));
    }, 'Could not remove the offering');
  };

  return (
    <>
      <Head title="Your provider profile" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-headline font-semibold text-ink">Your provider profile</h1>
          {current && <VerifiedBadge verified={current.verified} />}
        </div>
        {current && (
          <Link href={directoryPaths.provider(current.id)} className="text-sm text-accent-ink">
            View public profile
          </Link>
        )}
      </div>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <Card title={current ? 'Profile' : 'List your business'}>
          <form
            className="space-y-3"
            onSubmit={profile.handleSubmit((v) =>
              directoryApi.saveProfile({ ...v, website: v.website || null, licence_number: v.licence_number || null }),
            )}
          >
            <SelectField
              label="Industry"
              options={industries.map((i) => ({ value: i.slug, label: i.name }))}
              {...profile.field('industry')}
            />
            <FormField label="Business name" name="name" error={profile.errors.name}>
              <Input {...profile.field('name')} maxLength={120} />
            </FormField>
            <FormField label="Headline" name="headline" error={profile.errors.headline}>
              <Input {...profile.field('headline')} maxLength={200} />
            </FormField>
            <FormField label="About" name="bio" error={profile.errors.bio}>
              <TextArea {...profile.field('bio')} rows={5} maxLength={4000} />
            </FormField>
            <FormField label="City" name="city" error={profile.errors.city}>
              <Input {...profile.field('city')} maxLength={80} />
            </FormField>
            <FormField label="Website" name="website" error={profile.errors.website}>
              <Input {...profile.field('website')} type="url" placeholder="https://" maxLength={300} />
            </FormField>
            <FormField
              label="Licence number"
              name="licence_number"
              error={profile.errors.licence_number}
              hint="An admin checks it and adds the verified badge; changing it removes the badge until checked again."
            >
              <Input {...profile.field('licence_number')} maxLength={60} />
            </FormField>
            <Button type="submit" loading={profile.processing}>
              Save profile
            </Button>
          </form>
          {current && (
            <div className="mt-6 border-t border-line pt-4">
              <LicenceUpload provider={current} onSaved={setCurrent} />
            </div>
          )}
        </Card>
        <section aria-labelledby="offerings" className="space-y-4">
          <h2 id="offerings" className="text-title font-semibold text-ink">
            Offerings
          </h2>
          <ul className="space-y-2">
            {offerings.map((o) => (
              <li
                key={o.id}
                className="flex items-start justify-between gap-2 rounded-card border border-line bg-surface p-3"
              >
                <div className="min-w-0">
                  <p className="font-medium text-ink">{o.title}</p>
                  <p className="text-sm text-ink-muted">{priceLabel(o)}</p>
                </div>
                <Button variant="ghost" size="sm" onClick={() => void remove(o.id)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          {current ? (
            <form
              className="space-y-3"
              onSubmit={offering.handleSubmit((v) =>
                directoryApi.addOffering({
                  title: v.title,
                  description: v.description,
                  price_minor: toMinor(v.price),
                  currency: v.currency,
                }),
              )}
            >
              <FormField label="Service" name="title" error={offering.errors.title}>
                <Input {...offering.field('title')} maxLength={120} />
              </FormField>
              <FormField label="Details" name="description" error={offering.errors.description}>
                <TextArea {...offering.field('description')} maxLength={2000} />
              </FormField>
              <FormField
                label="Price (leave empty for a quote on request)"
                name="price"
                error={offering.errors.price_minor}
              >
                <Input {...offering.field('price')} inputMode="decimal" placeholder="450.00" />
              </FormField>
              <Button type="submit" loading={offering.processing}>
                Add offering
              </Button>
            </form>
          ) : (
            <p className="text-sm text-ink-muted">Save your profile first, then list what you offer.</p>
          )}
        </section>
      </div>
    </>
  );
}
