import { Head, Link } from '@inertiajs/react';
import type { OpenHouse } from '@contracts/open-houses';
import { when } from '@/components/listing/open-house';

export default function OpenHouseCancellationSuccess({
  cancelled,
  openHouse,
  property,
}: {
  cancelled: boolean;
  openHouse: OpenHouse;
  property: { name: string; slug: string };
}) {
  return (
    <div className="mx-auto max-w-xl space-y-3 px-4 py-10 text-center">
      <Head title="Registration cancelled" />
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
        {cancelled ? 'Your registration is cancelled' : 'Your registration is still active'}
      </h1>
      <p className="text-slate-600 dark:text-slate-300">
        {property.name} · {when(openHouse)}
      </p>
      {!openHouse.has_ended && (
        <Link
          href={`/open-houses/${openHouse.id}/register`}
          className="text-brand-600 hover:underline dark:text-brand-300"
        >
          Changed your mind? Register again
        </Link>
      )}
    </div>
  );
}
