import type { ProviderReview, ProviderReviewPage, ReviewStanding } from '@contracts/directory';
import { router } from '@inertiajs/react';
import { useState } from 'react';
import { directoryApi } from '@/api/directory';
import { AuthorLine, RichText, RichTextEditor } from '@/components/community';
import { Button } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { actThenReload } from '@/lib/actions';
import { useAttempt } from '@/hooks/useAttempt';

function StarPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <div role="radiogroup" aria-label="Stars" className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n} star${n === 1 ? '' : 's'}`}
          onClick={() => onChange(n)}
          className={`size-9 rounded-control text-2xl leading-none focus-visible:outline-2 focus-visible:outline-brand-500 ${
            n <= value ? 'text-amber-500 dark:text-amber-400' : 'text-line-strong'
          }`}
        >
          ★
        </button>
      ))}
    </div>
  );
}

function ReviewItem({ r }: { r: ProviderReview }) {
  return (
    <li className="rounded-card border border-line bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AuthorLine author={r.reviewer} at={r.updated_at} />
        <span className="text-amber-500 dark:text-amber-400" aria-label={`${r.rating} of 5 stars`}>
          {'★'.repeat(r.rating)}
          <span className="text-line-strong">{'★'.repeat(5 - r.rating)}</span>
        </span>
      </div>
      {r.body_html && <RichText html={r.body_html} className="mt-2 text-sm" />}
    </li>
  );
}

/** Reviews of a provider, newest first, and the viewer's own review (write or edit) when they may review. */
export function ProviderReviews({
  providerId,
  reviews,
  standing,
}: {
  providerId: string;
  reviews: ProviderReviewPage;
  standing: ReviewStanding;
}) {
  const { attempt } = useAttempt();
  const [list, setList] = useState(reviews);
  const [editorKey, setEditorKey] = useState(0);
  const form = useApiForm<{ rating: number; body_html: string }, { message: string; review: ProviderReview }>(
    { rating: standing.mine?.rating ?? 0, body_html: standing.mine?.body_html ?? '' },
    { successMessage: (r) => r.message, onSuccess: () => router.reload() },
  );
  const more = async () => {
    await attempt(async () => {
      const next = await directoryApi.reviews(providerId, list.current_page + 1);
      setList({ ...next, data: [...list.data, ...next.data] });
    }, 'Could not load more reviews');
  };
  const remove = async () => {
    if (await actThenReload(() => directoryApi.removeReview(providerId), 'Could not delete your review'))
      setEditorKey((k) => k + 1);
  };
  return (
    <section aria-labelledby="reviews" className="mt-8 max-w-3xl">
      <h2 id="reviews" className="mb-3 text-title font-semibold text-ink">
        Reviews ({list.total})
      </h2>
      {standing.can_review ? (
        <form
          className="mb-6 space-y-2 rounded-card border border-line bg-surface-muted p-4"
          onSubmit={form.handleSubmit((v) => directoryApi.review(providerId, v))}
        >
          <p className="text-sm font-medium text-ink">{standing.mine ? 'Your review' : 'Write a review'}</p>
          <StarPicker value={form.data.rating} onChange={(n) => form.set('rating', n)} />
          {form.errors.rating && <p className="text-sm text-red-600 dark:text-red-400">{form.errors.rating}</p>}
          <RichTextEditor
            key={editorKey}
            id="review"
            label="What was it like? (optional)"
            minHeight="min-h-24"
            value={form.data.body_html}
            onChange={(html) => form.set('body_html', html)}
            error={form.errors.body_html}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={form.processing} disabled={form.data.rating < 1}>
              {standing.mine ? 'Save changes' : 'Post review'}
            </Button>
            {standing.mine && (
              <Button type="button" variant="ghost" onClick={() => void remove()}>
                Delete
              </Button>
            )}
          </div>
        </form>
      ) : (
        standing.reason && <p className="mb-4 text-sm text-ink-muted">{standing.reason}</p>
      )}
      {list.data.length === 0 ? (
        <p className="text-sm text-ink-muted">No reviews yet.</p>
      ) : (
        <ul className="space-y-3">
          {list.data.map((r) => (
            <ReviewItem key={r.id} r={r} />
          ))}
        </ul>
      )}
      {list.current_page < list.last_page && (
        <Button variant="secondary" className="mt-3" onClick={() => void more()}>
          More reviews
        </Button>
      )}
    </section>
  );
}
