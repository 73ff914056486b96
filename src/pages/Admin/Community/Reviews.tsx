import type { ReviewItem, ReviewPage } from '@contracts/community';
import { Head } from '@inertiajs/react';
import { communityApi, communityPaths } from '@/api/community';
import { Button, EmptyState, FilterLink, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';
import { actThenReload } from '@/lib/actions';

const TABS = ['open', 'approved', 'rejected'] as const;

/** The moderators' queue: new accounts' posts with links and posts hidden by flags, to approve or remove. */
export default function CommunityReviews({ page, status }: PageProps<{ page: ReviewPage; status: string }>) {
  const decide = (review: ReviewItem, approve: boolean) =>
    actThenReload(
      () => (approve ? communityApi.approve(review.id) : communityApi.reject(review.id)),
      'Could not decide',
    );
  return (
    <>
      <Head title="Community reviews" />
      <h1 className="mb-4 text-headline font-semibold text-ink">Community reviews</h1>
      <nav className="mb-4 flex gap-2" aria-label="Review status">
        {TABS.map((t) => (
          <FilterLink key={t} href={communityPaths.reviews(t)} active={t === status}>
            {t}
          </FilterLink>
        ))}
      </nav>
      {page.data.length === 0 ? (
        <EmptyState title="Nothing to review" description="Held and flagged posts appear here." />
      ) : (
        <ul className="space-y-3">
          {page.data.map((r) => (
            <li key={r.id} className="rounded-card border border-line bg-surface p-4">
              <p className="text-xs text-ink-subtle">
                {r.subject_kind} · {r.reason === 'link' ? 'link from a new account' : `${r.flags_count} flags`} ·{' '}
                {r.author.name}
              </p>
              <p className="mt-1 text-sm text-ink">{r.excerpt}</p>
              {r.url && (
                <a href={r.url} className="text-sm text-accent-ink underline">
                  Open
                </a>
              )}
              {r.status === 'open' && (
                <div className="mt-2 flex gap-2">
                  <Button size="sm" onClick={() => void decide(r, true)}>
                    Approve
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => void decide(r, false)}>
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <Pagination of={page} hrefFor={(p) => `${communityPaths.reviews(status)}&page=${p}`} />
      </div>
    </>
  );
}
