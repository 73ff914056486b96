import { Link } from '@inertiajs/react';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '@/components/Avatar';
import { CloseIcon } from '@/components/icons';
import { Button, EmptyState, Spinner } from '@/components/ui';
import { usersApi } from '@/api/users';
import { errorMessage } from '@/lib/errors';

export type FollowDirection = 'followers' | 'followings';

interface Person {
  id: string;
  name: string;
  handle: string | null;
  avatarUrl?: string | null;
}

interface PersonPage {
  data: Person[];
  current_page: number;
  last_page: number;
}

const TITLES: Record<FollowDirection, string> = { followers: 'Followers', followings: 'Following' };

/** A count on a profile ("12 followers") that opens the list of those people, paged. */
export function FollowListButton({
  userId,
  direction,
  count,
  signedIn,
}: {
  userId: string;
  direction: FollowDirection;
  count: number;
  signedIn: boolean;
}) {
  const [open, setOpen] = useState(false);
  const label = direction === 'followers' ? 'followers' : 'following';
  if (!signedIn)
    return (
      <span>
        <strong data-testid={`${direction}-count`}>{count}</strong> {label}
      </span>
    );
  return (
    <>
      <button type="button" className="hover:underline" onClick={() => setOpen(true)} data-testid={`${direction}-open`}>
        <strong data-testid={`${direction}-count`}>{count}</strong> {label}
      </button>
      {open && <FollowListDialog userId={userId} direction={direction} onClose={() => setOpen(false)} />}
    </>
  );
}

function FollowListDialog({
  userId,
  direction,
  onClose,
}: {
  userId: string;
  direction: FollowDirection;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [people, setPeople] = useState<Person[]>([]);
  const [page, setPage] = useState(0);
  const [lastPage, setLastPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = async (next: number) => {
    setLoading(true);
    try {
      const res = await usersApi.followList<PersonPage>(direction, userId, next);
      setPeople((list) => (next === 1 ? res.data : [...list, ...res.data]));
      setPage(res.current_page);
      setLastPage(res.last_page);
    } catch (e) {
      setError(errorMessage(e, 'Could not load the list'));
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    dialog.current?.showModal?.();
    void load(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-label={TITLES[direction]}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      <header className="flex items-center justify-between border-b border-slate-100 px-4 py-3 dark:border-slate-800">
        <h2 className="font-semibold">{TITLES[direction]}</h2>
        <button
          type="button"
          aria-label="Close"
          onClick={() => dialog.current?.close()}
          className="rounded-lg p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <CloseIcon className="h-5 w-5" />
        </button>
      </header>
      <div className="max-h-[60vh] overflow-y-auto p-2">
        {error && <p className="p-3 text-sm text-red-600 dark:text-red-400">{error}</p>}
        {!loading && !error && people.length === 0 && (
          <EmptyState
            title={direction === 'followers' ? 'No followers yet' : 'Not following anyone yet'}
            description="People show up here as soon as they follow."
          />
        )}
        <ul data-testid="follow-list">
          {people.map((p) => (
            <li key={p.id}>
              <Link
                href={p.handle ? `/profile/${p.handle}` : `/profile/user/${p.id}`}
                className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50 dark:hover:bg-slate-800"
              >
                <Avatar name={p.name} url={p.avatarUrl ?? null} />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{p.name}</span>
                  {p.handle && <span className="block text-xs text-slate-500 dark:text-slate-400">@{p.handle}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {loading && (
          <div className="flex justify-center p-3">
            <Spinner size="sm" label="Loading" />
          </div>
        )}
        {!loading && page > 0 && page < lastPage && (
          <Button variant="secondary" size="sm" fullWidth onClick={() => void load(page + 1)}>
            Load more
          </Button>
        )}
      </div>
    </dialog>
  );
}
