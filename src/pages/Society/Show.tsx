import type { Society, SocietyFeed, SocietyMemberPage } from '@contracts/society';
import { Head } from '@inertiajs/react';
import { societyApi, societyPaths } from '@/api/society';
import {
  AuthorLine,
  FlagButton,
  KeysetFooter,
  ModerationNotice,
  RichText,
  RichTextComposer,
} from '@/components/community';
import { BackLink, Button } from '@/components/ui';
import { useKeysetList } from '@/hooks/useKeysetList';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';
import { actThenReload } from '@/lib/actions';

/** A society: what it is, its members, its posts (newest first, "older" pages by keyset) and writing one. */
export default function SocietyShow({
  society,
  feed,
  members,
}: PageProps<{ society: Society; feed: SocietyFeed; members: SocietyMemberPage }>) {
  const user = useAuthUser();
  const list = useKeysetList(feed, (cursor) => societyApi.feed(society.id, cursor), 'Could not load older posts');
  const posts = list.items;

  return (
    <>
      <Head title={society.name} />
      <BackLink href={societyPaths.index}>Societies</BackLink>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-headline font-semibold text-ink">{society.name}</h1>
          <p className="text-sm text-ink-muted">{society.description}</p>
          <p className="mt-1 text-xs text-ink-subtle">
            {society.visibility === 'invite_only' ? 'Invite-only' : 'Public'} · {society.members_count} members
          </p>
        </div>
        {user && !society.my_role && (
          <Button onClick={() => void actThenReload(() => societyApi.join(society.id), 'Could not join')}>
            {society.invited ? 'Accept invitation' : 'Join'}
          </Button>
        )}
        {society.my_role && society.my_role !== 'owner' && (
          <Button
            variant="secondary"
            onClick={() => void actThenReload(() => societyApi.leave(society.id), 'Could not leave')}
          >
            Leave
          </Button>
        )}
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <section className="space-y-4 lg:col-span-2" aria-label="Posts">
          {society.my_role && (
            <RichTextComposer
              id="post"
              label="Write to the society"
              submitLabel="Post"
              minHeight="min-h-24"
              send={(html) => societyApi.post(society.id, html)}
              onSent={(r) => list.prepend(r.post)}
            />
          )}
          <ul className="space-y-3">
            {posts.map((p) => (
              <li key={p.id} className="rounded-card border border-line bg-surface p-4 shadow-card">
                <div className="flex items-center justify-between gap-2">
                  <AuthorLine author={p.author} at={p.created_at} />
                  {user && user.id !== p.author.id && <FlagButton onFlag={(reason) => societyApi.flag(p.id, reason)} />}
                </div>
                <ModerationNotice state={p.moderation} />
                <RichText html={p.body_html} className="mt-2" />
                <p className="mt-2 text-xs text-ink-subtle">{p.comments_count} comments</p>
              </li>
            ))}
          </ul>
          <KeysetFooter list={list} empty="No posts yet." older="Older posts" />
        </section>
        <aside aria-labelledby="members">
          <h2 id="members" className="mb-3 text-title font-semibold text-ink">
            Members
          </h2>
          <ul className="space-y-2">
            {members.data.map((m) => (
              <li key={m.user.id} className="flex items-center justify-between gap-2">
                <AuthorLine author={m.user} at={null} />
                {m.role !== 'member' && <span className="text-xs text-ink-subtle">{m.role}</span>}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
