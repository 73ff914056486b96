import type { Society, SocietyFeed, SocietyMemberPage } from '@contracts/society';
import { Head } from '@inertiajs/react';
import { societyApi, societyPaths } from '@/api/society';
import {
  AuthorLine,
  FlagButton,
  GroupHeader,
  GroupMemberList,
  KeysetFooter,
  ModerationNotice,
  RichText,
  RichTextComposer,
} from '@/components/community';
import { useKeysetList } from '@/hooks/useKeysetList';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';

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
      <GroupHeader
        back={societyPaths.index}
        backLabel="Societies"
        group={society}
        facts={`${society.visibility === 'invite_only' ? 'Invite-only' : 'Public'} · ${society.members_count} members`}
        join={
          user && !society.my_role
            ? {
                label: society.invited ? 'Accept invitation' : 'Join',
                call: () => societyApi.join(society.id),
                failure: 'Could not join',
              }
            : null
        }
        leave={
          society.my_role && society.my_role !== 'owner'
            ? { label: 'Leave', call: () => societyApi.leave(society.id), failure: 'Could not leave' }
            : null
        }
      />
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
        <GroupMemberList
          as="aside"
          id="members"
          title="Members"
          members={members}
          roleLabel={(role) => (role !== 'member' ? role : null)}
        />
      </div>
    </>
  );
}
