import { Link } from '@inertiajs/react';
import { MarketMap } from '../market/MarketMap';
import { VideoSlots } from '../listing/VideoSlots';
import { PhotoGallery } from './PhotoGallery';
import { formatPrice, humanize } from './rules';
import type { Property, Upload } from '@contracts/properties';
import type { Listing } from '@contracts/listings';

/** The public page body shared by Property/Show and Listing/Show. */
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
  const facts = [
    ['Bedrooms', details.bedrooms],
    ['Bathrooms', details.bathrooms],
    ['Area', details.area_sqft ? `${details.area_sqft} sq ft` : null],
    ['Year built', details.year_built],
    ['Type', humanize(property.type)],
    ['Status', humanize(property.status)],
  ].filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <div className="mx-auto max-w-5xl space-y-5 px-4 py-6">
      <PhotoGallery photos={photos} name={property.name} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{property.name}</h1>
          <p className="text-slate-600 dark:text-slate-300">{property.full_address}</p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-semibold text-indigo-700 dark:text-indigo-300" data-testid="price">
            {formatPrice(property.price, property.currency)}
          </p>
          {(property.accepted_currencies.length > 0 || property.accepted_cryptocurrencies.length > 0) && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Also accepts {[...property.accepted_currencies, ...property.accepted_cryptocurrencies].join(', ')}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-3 text-sm">
        {property.can_edit && (
          <Link
            href={`/properties/${property.slug}/edit`}
            className="text-indigo-600 hover:underline dark:text-indigo-300"
          >
            Edit
          </Link>
        )}
        <Link
          href={`/share/property/${property.slug}`}
          className="text-indigo-600 hover:underline dark:text-indigo-300"
        >
          Share
        </Link>
        {property.listing && !listing && (
          <Link
            href={`/listing/${property.listing.id}`}
            className="text-indigo-600 hover:underline dark:text-indigo-300"
          >
            Listing and open houses
          </Link>
        )}
        {property.user?.handle && (
          <Link
            href={`/profile/${property.user.handle}`}
            className="text-indigo-600 hover:underline dark:text-indigo-300"
          >
            Listed by {property.user.name}
          </Link>
        )}
      </div>
      {facts.length > 0 && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={String(label)} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
              <dt className="text-xs text-slate-500 dark:text-slate-400">{String(label)}</dt>
              <dd className="font-medium text-slate-900 dark:text-white">{String(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {property.description && (
        <p className="whitespace-pre-line text-slate-700 dark:text-slate-200">{property.description}</p>
      )}
      {features.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {features.map((f) => (
            <li key={f} className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800 dark:text-slate-200">
              {f}
            </li>
          ))}
        </ul>
      )}
      <VideoSlots listing={listing} />
      {property.latitude !== null && property.longitude !== null && (
        <MarketMap
          center={{ lat: property.latitude, lng: property.longitude }}
          radius={1}
          pins={[{ id: property.id, lat: property.latitude, lng: property.longitude, label: property.name }]}
          tileUrl={map.tileUrl}
          attribution={map.attribution}
          label="Property location"
          className="h-64 w-full rounded-xl bg-slate-200 dark:bg-slate-800"
        />
      )}
    </div>
  );
}
