import type { OpenHouse } from '@contracts/open-houses';
import type { PropertySummary, Upload } from '@contracts/properties';
import { formatPrice } from '@/components/property/rules';

export interface OpenHousePageProps {
  openHouse: OpenHouse;
  listingId: string;
  property: PropertySummary & { description: string | null };
  photos: Upload[];
}

export function when(h: Pick<OpenHouse, 'starts_at' | 'ends_at'>): string {
  const start = new Date(h.starts_at);
  const end = new Date(h.ends_at);
  return `${start.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' })}, ${start.toLocaleTimeString(undefined, { timeStyle: 'short' })} – ${end.toLocaleTimeString(undefined, { timeStyle: 'short' })}`;
}

export function OpenHouseHeader({ openHouse, property, photos }: Omit<OpenHousePageProps, 'listingId'>) {
  return (
    <header className="space-y-2">
      {photos[0] && <img src={photos[0].web_url} alt="" className="h-48 w-full rounded-xl object-cover sm:h-64" />}
      <p className="text-sm font-medium uppercase tracking-wide text-brand-600 dark:text-brand-300">Open house</p>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{property.name}</h1>
      <p className="text-slate-600 dark:text-slate-300">{property.full_address}</p>
      <p className="font-medium text-slate-900 dark:text-white">{when(openHouse)}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {formatPrice(property.price, property.currency)} ·{' '}
        {openHouse.has_ended
          ? 'This open house has ended.'
          : `${openHouse.spots_left} of ${openHouse.capacity} spots left`}
      </p>
    </header>
  );
}
