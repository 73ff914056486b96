import type { Industry } from '@contracts/directory';
import { Head, Link } from '@inertiajs/react';
import { directoryPaths } from '@/api/directory';
import type { PageProps } from '@/types';

/** Industries of the service-provider directory, each leading to its providers. */
export default function IndustriesIndex({ industries }: PageProps<{ industries: Industry[] }>) {
  return (
    <>
      <Head title="Industries" />
      <h1 className="text-headline font-semibold text-ink">Industries</h1>
      <p className="mb-6 text-sm text-ink-muted">
        The people behind a great sale, by trade.{' '}
        <Link href={directoryPaths.offerings()} className="text-accent-ink">
          Browse all offerings
        </Link>
      </p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {industries.map((i) => (
          <li key={i.slug}>
            <Link
              href={directoryPaths.providers({ industry: i.slug })}
              className="block h-full rounded-card border border-line bg-surface p-4 shadow-card hover:border-brand-400"
            >
              <h2 className="font-semibold text-ink">{i.name}</h2>
              <p className="mt-1 text-sm text-ink-muted">{i.description}</p>
              <p className="mt-2 text-xs text-ink-subtle">{i.providers_count} providers</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
