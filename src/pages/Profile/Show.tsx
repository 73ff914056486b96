import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import { Avatar } from '@/components/Avatar';
import { FollowListButton } from '@/components/people/FollowList';
import { PropertyCard } from '@/components/property/PropertyCard';
import type { Profile } from '@contracts/people';
import { Button, Input } from '@/components/ui';
import { useProfileActions } from '@/hooks/useProfileActions';
import { useAuthUser } from '@/hooks/useSharedProps';
import { routes } from '@/routes';

export default function ProfileShow({ profile }: { profile: Profile }) {
  const viewer = useAuthUser();
  const u = profile.user;
  const actions = useProfileActions(u.id, {
    following: u.is_following,
    followers: u.followers_count,
    markets: u.markets,
    stats: u.stats,
  });
  const [market, setMarket] = useState('');
  const [drafts, setDrafts] = useState<Record<string, string>>(
    Object.fromEntries(u.stats.map((s) => [s.stat_id, s.value ?? ''])),
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <Head title={u.handle ? `@${u.handle}` : u.name} />
      <header className="flex flex-wrap items-center gap-4">
        <Avatar name={u.name} url={u.avatarUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{u.name}</h1>
          {u.handle && <p className="text-slate-500 dark:text-slate-400">@{u.handle}</p>}
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            <FollowListButton userId={u.id} direction="followers" count={actions.followers} signedIn={!!viewer} /> ·{' '}
            <FollowListButton userId={u.id} direction="followings" count={u.followings_count} signedIn={!!viewer} /> ·{' '}
            <strong>{u.listings_count}</strong> listings
          </p>
        </div>
        {!u.is_self && (
          <div className="flex gap-2">
            <Button
              onClick={() => void actions.toggleFollow()}
              loading={actions.busy}
              variant={actions.following ? 'secondary' : 'primary'}
            >
              {actions.following ? 'Unfollow' : 'Follow'}
            </Button>
            {profile.message_url ? (
              <Link
                href={profile.message_url}
                className="inline-flex items-center rounded-lg border border-slate-300 px-3 text-sm dark:border-slate-700 dark:text-white"
              >
                Message
              </Link>
            ) : (
              !viewer && (
                <Link href="/login" className="self-center text-sm text-brand-600 hover:underline">
                  Log in to message
                </Link>
              )
            )}
          </div>
        )}
      </header>
      {u.bio && <p className="whitespace-pre-line text-slate-700 dark:text-slate-200">{u.bio}</p>}
      {profile.stickers.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Stickers">
          {profile.stickers.map((s) => (
            <li key={s.id}>
              <img src={s.thumb_url} alt={s.name} title={s.name} className="h-16 w-16 object-contain" loading="lazy" />
            </li>
          ))}
        </ul>
      )}
      {u.is_self && (
        <p className="text-sm">
          <Link href={routes.settings.profile} className="text-brand-600 hover:underline dark:text-brand-400">
            {profile.stickers.length ? 'Change your stickers' : 'Add stickers to your profile'}
          </Link>
        </p>
      )}

      <section className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div>
          <h2 className="mb-2 font-semibold text-slate-900 dark:text-white">Stats</h2>
          {u.is_self ? (
            <ul className="space-y-2">
              {actions.stats.map((s) => (
                <li key={s.stat_id} className="flex items-center gap-2">
                  <label htmlFor={`stat-${s.stat_id}`} className="w-44 text-sm text-slate-600 dark:text-slate-300">
                    {s.label}
                  </label>
                  <Input
                    id={`stat-${s.stat_id}`}
                    value={drafts[s.stat_id] ?? ''}
                    onChange={(e) => setDrafts({ ...drafts, [s.stat_id]: e.target.value })}
                    className="flex-1"
                  />
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void actions.updateStat(s.stat_id, drafts[s.stat_id] ?? '')}
                  >
                    Save
                  </Button>
                </li>
              ))}
            </ul>
          ) : actions.stats.length ? (
            <dl className="grid grid-cols-2 gap-2">
              {actions.stats.map((s) => (
                <div key={s.stat_id} className="rounded-lg bg-slate-50 p-2 dark:bg-slate-800/60">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">{s.label}</dt>
                  <dd className="font-medium text-slate-900 dark:text-white">{s.value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">No stats yet.</p>
          )}
        </div>
        <div>
          <h2 className="mb-2 font-semibold text-slate-900 dark:text-white">Markets</h2>
          <ul className="flex flex-wrap gap-2">
            {actions.markets.map((m) => (
              <li
                key={m.id}
                className="flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800 dark:text-slate-200"
              >
                <Link
                  href={
                    m.latitude !== null
                      ? `/market?lat=${m.latitude}&lng=${m.longitude}&radius=25`
                      : `/market?q=${encodeURIComponent(m.name)}`
                  }
                >
                  {m.name}
                </Link>
                {u.is_self && (
                  <button
                    type="button"
                    aria-label={`Remove ${m.name}`}
                    onClick={() => void actions.removeMarket(m.id)}
                    className="text-slate-500"
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
            {!actions.markets.length && <li className="text-sm text-slate-500 dark:text-slate-400">No markets yet.</li>}
          </ul>
          {u.is_self && (
            <form
              className="mt-2 flex gap-2"
              onSubmit={async (e) => {
                e.preventDefault();
                if (market.trim() && (await actions.addMarket(market.trim()))) setMarket('');
              }}
            >
              <Input
                aria-label="Add a market"
                placeholder="Add a market, e.g. Austin, TX"
                value={market}
                onChange={(e) => setMarket(e.target.value)}
              />
              <Button type="submit" size="sm">
                Add
              </Button>
            </form>
          )}
        </div>
      </section>

      <section>
        <h2 className="mb-2 font-semibold text-slate-900 dark:text-white">Listings</h2>
        {profile.listings.data.length ? (
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {profile.listings.data.map((l) => (
              <PropertyCard key={l.id} property={l.property} href={`/listing/${l.id}`} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">No published listings.</p>
        )}
      </section>
      <section>
        <h2 className="mb-2 font-semibold text-slate-900 dark:text-white">Spots</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {profile.spots.length ? `${profile.spots.length} spots` : 'No spots yet.'}
        </p>
      </section>
    </div>
  );
}
