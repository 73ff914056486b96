import type { ProviderReviewPage, ReviewStanding, ServiceProviderDetail } from '@contracts/directory';
import { Head, Link } from '@inertiajs/react';
import { directoryPaths } from '@/api/directory';
import { priceLabel, Stars, VerifiedBadge } from '@/components/directory/parts';
import { ProviderReviews } from '@/components/directory/ProviderReviews';
import type { PageProps } from '@/types';
import { BackLink } from '@/components/ui';

interface Props {
  provider: ServiceProviderDetail;
  reviews: ProviderReviewPage;
  standing: ReviewStanding;
}

/** A service provider's profile, offerings and reviews (from people who messaged them). */
export default function ServiceProvidersShow({ provider, reviews, standing }: PageProps<Props>) {
  return (
    <>
      <Head title={provider.name} />
      <BackLink href={directoryPaths.providers({ industry: provider.industry.slug })}>
        {provider.industry.name}
      </BackLink>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-headline font-semibold text-ink">{provider.name}</h1>
            <VerifiedBadge verified={provider.verified} />
          </div>
          <p className="text-sm text-ink-muted">{provider.headline}</p>
          <Stars rating={provider.rating} className="mt-1" />
          <p className="mt-1 text-xs text-ink-subtle">
            {provider.industry.name}
            {provider.city ? ` · ${provider.city}` : ''}
            {provider.licence_number ? ` · licence ${provider.licence_number}` : ''}
          </p>
        </div>
        {provider.mine && (
          <Link href={directoryPaths.edit} className="text-sm font-medium text-accent-ink">
            Edit your profile
          </Link>
        )}
      </div>
      {provider.bio && <p className="mt-4 max-w-3xl whitespace-pre-line text-sm text-ink">{provider.bio}</p>}
      {provider.website && (
        <a
          href={provider.website}
          rel="nofollow noopener noreferrer"
          target="_blank"
          className="mt-2 inline-block text-sm text-accent-ink"
        >
          Website
        </a>
      )}
      <h2 className="mt-8 mb-3 text-title font-semibold text-ink">Offerings</h2>
      {provider.offerings.length === 0 ? (
        <p className="text-sm text-ink-muted">No offerings listed yet.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {provider.offerings.map((o) => (
            <li key={o.id} className="rounded-card border border-line bg-surface p-4 shadow-card">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-medium text-ink">{o.title}</h3>
                <span className="shrink-0 text-sm font-semibold text-ink">{priceLabel(o)}</span>
              </div>
              {o.description && <p className="mt-1 text-sm text-ink-muted">{o.description}</p>}
            </li>
          ))}
        </ul>
      )}
      <ProviderReviews providerId={provider.id} reviews={reviews} standing={standing} />
    </>
  );
}
