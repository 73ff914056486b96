import { Head, Link } from '@inertiajs/react';
import { buttonClasses } from '@/components/ui';
import { OpenHouseHeader, type OpenHousePageProps } from '@/components/listing/open-house';

export default function OpenHouseLanding({ openHouse, listingId, property, photos }: OpenHousePageProps) {
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <Head title={`Open house: ${property.name}`} />
      <OpenHouseHeader openHouse={openHouse} property={property} photos={photos} />
      {openHouse.notes && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
          {openHouse.notes}
        </p>
      )}
      {property.description && (
        <p className="whitespace-pre-line text-slate-700 dark:text-slate-200">{property.description}</p>
      )}
      <div className="flex flex-wrap gap-3">
        {!openHouse.has_ended && openHouse.spots_left > 0 && (
          <Link href={`/open-houses/${openHouse.id}/register`} className={buttonClasses('primary')}>
            Register to visit
          </Link>
        )}
        <Link href={`/listing/${listingId}`} className={buttonClasses('secondary')}>
          See the listing
        </Link>
      </div>
    </div>
  );
}
