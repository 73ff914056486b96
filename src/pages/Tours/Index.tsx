import { Head, Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { tourLive, tourPaths, toursApi, type Tour, type TourPage, type TourSide } from '@/api/tours';
import { showTime } from '@/components/tours/times';
import { localInputToIso } from '@/lib/datetime-local';
import { Button, Card, EmptyState, Pagination } from '@/components/ui';
import { useChannel } from '@/echo';
import { useAuthUser } from '@/hooks/useSharedProps';
import { notify } from '@/lib/toast';
import { cn } from '@/lib/cn';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  side: TourSide;
  tours: TourPage;
}

const STATUS_STYLE: Record<Tour['status'], string> = {
  requested: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  proposed: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  confirmed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  declined: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  cancelled: 'bg-surface-muted text-ink-muted',
};

/** Tours/Index: tour requests as buyer or as realtor, answered in place; refreshed live when the other side moves. */
export default function ToursIndex({ side, tours }: Props) {
  const user = useAuthUser();
  useChannel(user ? tourLive.userChannel(user.id) : null, 'private', {
    [tourLive.updated]: () => router.reload({ only: ['tours'] }),
  });
  return (
    <>
      <Head title="Tours" />
      <div className="mx-auto max-w-3xl space-y-4">
        <header className="flex flex-wrap items-end justify-between gap-2">
          <h1 className="text-headline text-ink">Tours</h1>
          <nav className="flex gap-1" aria-label="Side">
            {(['buyer', 'realtor'] as TourSide[]).map((s) => (
              <Link
                key={s}
                href={tourPaths.index(s)}
                className={cn(
                  'rounded-control px-3 py-1.5 text-sm',
                  s === side ? 'bg-brand-600 text-white dark:bg-brand-500' : 'text-ink-muted hover:bg-surface-muted',
                )}
              >
                {s === 'buyer' ? 'My requests' : 'Requests for my listings'}
              </Link>
            ))}
          </nav>
        </header>
        {tours.data.length === 0 ? (
          <EmptyState title="No tours yet" description="Request a tour from any listing's page." />
        ) : (
          tours.data.map((t) => <TourCard key={t.id} tour={t} />)
        )}
        <Pagination of={tours} hrefFor={(p) => tourPaths.index(side, p)} />
      </div>
    </>
  );
}

function TourCard({ tour }: { tour: Tour }) {
  const { busy, attempt } = useAttempt();
  const [when, setWhen] = useState('');
  const other = tour.my_side === 'buyer' ? tour.realtor.name : tour.buyer.name;
  const theirs = tour.offered_by !== tour.my_side;
  const run = (call: () => Promise<{ message: string }>) =>
    attempt(async () => {
      notify.success((await call()).message);
      router.reload({ only: ['tours'] });
    }, 'Could not update the tour');
  const can = (a: Tour['actions'][number]) => tour.actions.includes(a);
  return (
    <Card
      title={tour.property.name}
      description={`${tour.mode === 'video' ? 'Video tour' : 'In person'} with ${other}`}
      actions={
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_STYLE[tour.status])}>
          {tour.status}
        </span>
      }
    >
      <div className="space-y-3 text-sm text-ink">
        {tour.scheduled_at && tour.status === 'confirmed' && (
          <p>
            <strong>{showTime(tour.scheduled_at)}</strong>{' '}
            <a className="text-accent-ink underline" href={tourPaths.calendar(tour.id)}>
              Add to calendar (.ics)
            </a>
          </p>
        )}
        {(tour.status === 'requested' || tour.status === 'proposed') && (
          <div className="flex flex-wrap gap-2">
            <span className="text-ink-muted">{theirs ? `${other} offers:` : 'You offered:'}</span>
            {tour.offered_times.map((time) =>
              can('confirm') ? (
                <Button key={time} size="sm" loading={busy} onClick={() => run(() => toursApi.confirm(tour.id, time))}>
                  Confirm {showTime(time)}
                </Button>
              ) : (
                <span key={time} className="rounded-control bg-surface-muted px-2 py-1">
                  {showTime(time)}
                </span>
              ),
            )}
          </div>
        )}
        {tour.message && <p className="whitespace-pre-line text-ink-muted">“{tour.message}”</p>}
        {tour.decline_reason && <p className="text-ink-muted">Declined: {tour.decline_reason}</p>}
        {tour.actions.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            {can('propose') && (
              <>
                <input
                  type="datetime-local"
                  aria-label="Another time"
                  value={when}
                  onChange={(e) => setWhen(e.target.value)}
                  className="rounded-control border border-line bg-surface px-2 py-1 text-sm text-ink"
                />
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!when}
                  loading={busy}
                  onClick={() => run(() => toursApi.propose(tour.id, [localInputToIso(when)!]))}
                >
                  Propose this time
                </Button>
              </>
            )}
            {can('decline') && (
              <Button size="sm" variant="ghost" loading={busy} onClick={() => run(() => toursApi.decline(tour.id))}>
                Decline
              </Button>
            )}
            {can('cancel') && (
              <Button size="sm" variant="ghost" loading={busy} onClick={() => run(() => toursApi.cancel(tour.id))}>
                Cancel tour
              </Button>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
