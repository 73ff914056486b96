import { Head, Link } from '@inertiajs/react';
import { PropertyDetails } from '@/components/property/PropertyDetails';
import { PropertyInsights } from '@/components/property/PropertyInsights';
import type { Property, Upload } from '@contracts/properties';
import type { Listing } from '@contracts/listings';

interface Props {
  listing: Listing;
  property: Property;
  photos: Upload[];
  map: { tileUrl: string; attribution: string };
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function ListingShow({ listing, property, photos, map }: Props) {
  return (
    <>
      <Head title={listing.name} />
      <PropertyDetails property={property} photos={photos} listing={listing} map={map} />
      <PropertyInsights propertyId={property.id} price={property.price} currency={property.currency} />
      <section className="mx-auto max-w-5xl space-y-2 px-4 pb-8">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Open houses</h2>
          {property.can_edit && (
            <Link
              href={`/listing/${listing.id}/open-houses`}
              className="text-sm text-brand-600 hover:underline dark:text-brand-300"
            >
              Manage open houses
            </Link>
          )}
        </div>
        {listing.open_houses.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No open houses scheduled.</p>
        ) : (
          <ul className="space-y-2">
            {listing.open_houses.map((h) => (
              <li
                key={h.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
              >
                <span className="text-sm text-slate-800 dark:text-slate-200">
                  {when(h.starts_at)} – {new Date(h.ends_at).toLocaleTimeString(undefined, { timeStyle: 'short' })}
                </span>
                <Link
                  href={`/open-houses/${h.id}/register`}
                  className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-300"
                >
                  Register
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
