import { Link } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { propertiesApi, propertyPaths } from '@/api/properties';
import { PublishBadge } from '@/components/property/PropertyCard';
import { formatPrice } from '@/components/property/rules';
import type { Property } from '@contracts/properties';
import { Alert, Button } from '@/components/ui';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { notify } from '@/lib/toast';

/** A summary, what is missing before publishing, publish/unpublish, archive/restore. */
export function PublishStep({ property, reload }: { property: Property; reload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const run = async (work: () => Promise<string>, fallback: string) => {
    setBusy(true);
    try {
      notify.success(await work());
      setProblems([]);
      // The server decides what publishing changed (state, dates): show its view of the property.
      await reload();
    } catch (e) {
      setProblems(Object.values(fieldErrorsOf(e)));
      notify.error(errorMessage(e, fallback));
    } finally {
      setBusy(false);
    }
  };
  const toggle = () =>
    run(
      async () => (await propertiesApi.setPublished(property.slug, !property.publish)).message,
      'Could not change the publish state',
    );
  const archive = (archived: boolean) =>
    run(async () => {
      await propertiesApi.update(property.slug, { archived });
      return archived ? 'Property archived' : 'Property restored';
    }, 'Could not archive the property');

  const row = (label: string, value: ReactNode) => (
    <div className="flex justify-between gap-3 border-b border-slate-100 py-1 text-sm dark:border-slate-800">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-right text-slate-900 dark:text-white">{value}</dd>
    </div>
  );

  return (
    <div className="space-y-4">
      <dl>
        {row('Name', property.name)}
        {row('Price', formatPrice(property.price, property.currency))}
        {row('Address', property.full_address ?? '—')}
        {row(
          'Location',
          property.latitude !== null
            ? `${property.latitude.toFixed(5)}, ${property.longitude?.toFixed(5)}`
            : 'Not placed on the map',
        )}
        {row('Photos', property.featured_image ? 'Yes' : 'None')}
        {row('State', <PublishBadge state={property.publish_state} />)}
      </dl>
      {problems.length > 0 && (
        <Alert variant="warning" title="Before publishing">
          <ul className="list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void toggle()} loading={busy} data-testid="publish-toggle">
          {property.publish ? 'Unpublish' : 'Publish'}
        </Button>
        <Button variant="ghost" onClick={() => void archive(property.publish_state !== 'archived')} disabled={busy}>
          {property.publish_state !== 'archived' ? 'Archive' : 'Restore'}
        </Button>
        {property.publish && (
          <Link
            href={propertyPaths.show(property.slug)}
            className="self-center text-sm text-brand-600 hover:underline dark:text-brand-300"
            data-testid="view-public"
          >
            View public page
          </Link>
        )}
        {property.listing && (
          <Link
            href={propertyPaths.openHouses(property.listing.id)}
            className="self-center text-sm text-brand-600 hover:underline dark:text-brand-300"
          >
            Open houses
          </Link>
        )}
      </div>
    </div>
  );
}
