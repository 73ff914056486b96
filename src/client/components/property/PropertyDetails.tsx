import { Link } from '@inertiajs/react';
import { useState } from 'react';
import { ShareIcon } from '@/components/icons';
import { Button, ButtonLink } from '@/components/ui';
import { notify } from '@/lib/toast';
import { MarketMap } from '../market/MarketMap';
import { VideoSlots } from '../listing/VideoSlots';
import { AgentCard } from './AgentCard';
import { PhotoGallery } from './PhotoGallery';
import { formatPrice, humanize } from './rules';
import type { Property, Upload } from '@contracts/properties';
import type { Listing } from '@contracts/listings';

/** The public page body shared by Property/Show and Listing/Show: photos, the facts, the agent, video, map. */
export function PropertyDetails({
  property,
  photos,
  listing,
  map,
}: {
  property: Property;
  photos: Upload[];
  listing: Listing | null;
  map: { tileUrl: string; attribution: string };
}) {
  const details = property.components.details?.content ?? {};
  const features = (property.components.features?.content.items as string[] | undefined) ?? [];
  const keyFacts = [
    ['Beds', details.bedrooms],
    ['Baths', details.bathrooms],
    ['Sq ft', details.area_sqft ? Number(details.area_sqft).toLocaleString('en-US') : null],
    ['Built', details.year_built],
  ].filter(([, v]) => v !== null && v !== undefined && v !== '');
  const moreFacts = [
    ['Type', humanize(property.type)],
    ['Status', humanize(property.status)],
    ['Sector', humanize(property.sector)],
  ].filter(([, v]) => v);
  const listingId = listing?.id ?? property.listing?.id ?? null;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <PhotoGallery photos={photos} name={property.name} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <header className="space-y-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="text-headline font-bold text-ink tabular-nums" data-testid="price">
                {formatPrice(property.price, property.currency)}
              </p>
              <div className="flex gap-2">
                <ShareButton slug={property.slug} title={property.name} />
                {property.can_edit && (
                  <ButtonLink href={`/properties/${property.slug}/edit`} variant="secondary" size="sm">
                    Edit
                  </ButtonLink>
                )}
              </div>
            </div>
            <h1 className="text-title font-semibold text-ink">{property.name}</h1>
            <p className="text-ink-muted">{property.full_address}</p>
            {(property.accepted_currencies.length > 0 || property.accepted_cryptocurrencies.length > 0) && (
              <p className="text-xs text-ink-subtle">
                Also accepts {[...property.accepted_currencies, ...property.accepted_cryptocurrencies].join(', ')}
              </p>
            )}
          </header>
          {/* On a phone the agent comes right after the price: contacting them is the next step. */}
          <div className="lg:hidden">
            <AgentCard property={property} listingId={listingId} openHouses={listing?.open_houses ?? []} />
          </div>
          {keyFacts.length > 0 && (
            <dl className="flex flex-wrap divide-x divide-line rounded-card border border-line bg-surface py-3 shadow-card">
              {keyFacts.map(([label, value]) => (
                <div key={String(label)} className="min-w-20 flex-1 px-4 text-center">
                  <dd className="text-lg font-semibold text-ink tabular-nums">{String(value)}</dd>
                  <dt className="text-xs text-ink-subtle">{String(label)}</dt>
                </div>
              ))}
            </dl>
          )}
          {property.description && (
            <p className="leading-7 whitespace-pre-line text-ink-muted">{property.description}</p>
          )}
          {(features.length > 0 || moreFacts.length > 0) && (
            <ul className="flex flex-wrap gap-2">
              {moreFacts.map(([label, value]) => (
                <li key={String(label)} className="rounded-full border border-line px-3 py-1 text-sm text-ink-muted">
                  {String(label)}: <span className="font-medium text-ink">{String(value)}</span>
                </li>
              ))}
              {features.map((f) => (
                <li key={f} className="rounded-full bg-surface-muted px-3 py-1 text-sm text-ink-muted">
                  {f}
                </li>
              ))}
            </ul>
          )}
          <VideoSlots listing={listing} />
          {property.latitude !== null && property.longitude !== null && (
            <section aria-label="Location" className="space-y-2">
              <h2 className="text-lg font-semibold text-ink">Location</h2>
              <MarketMap
                center={{ lat: property.latitude, lng: property.longitude }}
                radius={1}
                pins={[{ id: property.id, lat: property.latitude, lng: property.longitude, label: property.name }]}
                tileUrl={map.tileUrl}
                attribution={map.attribution}
                label="Property location"
                className="h-72 w-full overflow-hidden rounded-card bg-surface-muted"
              />
            </section>
          )}
        </div>
        <aside className="space-y-3 lg:sticky lg:top-20 lg:self-start">
          <div className="hidden lg:block">
            <AgentCard property={property} listingId={listingId} openHouses={listing?.open_houses ?? []} />
          </div>
          {property.listing && !listing && (
            <Link
              href={`/listing/${property.listing.id}`}
              className="block text-center text-sm font-medium text-accent-ink hover:underline"
            >
              Listing, walkthrough and open houses
            </Link>
          )}
        </aside>
      </div>
    </div>
  );
}

/** The phone's own share sheet where there is one; otherwise the share page with every network. */
function ShareButton({ slug, title }: { slug: string; title: string }) {
  const [busy, setBusy] = useState(false);
  const share = async () => {
    const url = `${window.location.origin}/properties/${slug}`;
    const nav = navigator as Navigator & { share?: (data: ShareData) => Promise<void> };
    if (nav.share) {
      setBusy(true);
      try {
        await nav.share({ title, url });
      } catch {
        /* closed the sheet */
      } finally {
        setBusy(false);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied');
    } catch {
      window.location.href = `/share/property/${slug}`;
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void share()} loading={busy} data-testid="share-property">
      <ShareIcon className="h-4 w-4" /> Share
    </Button>
  );
}
