import type { JournalFeed, JournalPostSummary } from '@contracts/journal';
import type { Page } from '@contracts/common';
import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import { journalApi, journalPaths } from '@/api/journal';
import { AuthorLine } from '@/components/community';
import { Button, ButtonLink, EmptyState } from '@/components/ui';
import { useNotificationsLive } from '@/hooks/useNotifications';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

const STATUS: Record<string, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };

function PostCard({ post, mine }: { post: JournalPostSummary; mine?: boolean }) {
  return (
    <li className="rounded-card border border-line bg-surface p-4 shadow-card">
      <Link href={mine ? journalPaths.edit(post.id) : journalPaths.show(post.id)} className="block">
        <div className="flex items-start justify-between gap-2">
          <h3 className="text-title font-semibold text-ink">{post.title}</h3>
          {mine && (
            <span className="shrink-0 rounded-full bg-surface-muted px-2 py-0.5 text-xs text-ink-muted">
              {STATUS[post.status]} · {post.visibility}
            </span>
          )}
        </div>
        {post.excerpt && <p className="mt-1 line-clamp-3 text-sm text-ink-muted">{post.excerpt}</p>}
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <AuthorLine author={post.author} at={post.published_at ?? post.updated_at} />
        <span className="text-xs text-ink-subtle">
          {post.likes_count} likes · {post.comments_count} comments
        </span>
      </div>
    </li>
  );
}

/** The journal: everyone's public posts, and the signed-in author's own posts (drafts included). */
export default function JournalIndex({
  feed,
  mine,
}: PageProps<{ feed: JournalFeed; mine: Page<JournalPostSummary> | null }>) {
  const user = useAuthUser();
  const [posts, setPosts] = useState(feed.data);
  const [cursor, setCursor] = useState(feed.next_cursor);
  const { busy: loading, attempt } = useAttempt();
  const [fresh, setFresh] = useState<{ title: string; url: string } | null>(null);

  useNotificationsLive((e) => {
    if (e.notification.kind === 'journal_post' && e.notification.url)
      setFresh({ title: e.notification.title, url: e.notification.url });
  });

  const more = async () => {
    if (!cursor) return;
    await attempt(async () => {
      const next = await journalApi.feed(cursor);
      setPosts((p) => [...p, ...next.data]);
      setCursor(next.next_cursor);
    }, 'Could not load more posts');
  };

  return (
    <>
      <Head title="Journal" />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-headline font-semibold text-ink">Journal</h1>
          <p className="text-sm text-ink-muted">Notes from realtors and designers: markets, homes, craft.</p>
        </div>
        {user && <ButtonLink href={journalPaths.create}>Write a post</ButtonLink>}
      </div>
      {fresh && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-card border border-brand-300 bg-brand-50 p-3 text-sm text-ink dark:border-brand-700 dark:bg-brand-950"
        >
          <span>{fresh.title}</span>
          <ButtonLink href={fresh.url} size="sm">
            Read it
          </ButtonLink>
        </div>
      )}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="latest">
          <h2 id="latest" className="mb-3 text-title font-semibold text-ink">
            Latest
          </h2>
          {posts.length === 0 ? (
            <EmptyState title="No public posts yet" description="Published public posts appear here." />
          ) : (
            <ul className="space-y-4">
              {posts.map((p) => (
                <PostCard key={p.id} post={p} />
              ))}
            </ul>
          )}
          {cursor && (
            <div className="mt-4 text-center">
              <Button variant="secondary" onClick={() => void more()} loading={loading}>
                Older posts
              </Button>
            </div>
          )}
        </section>
        {mine && (
          <section aria-labelledby="mine">
            <div className="mb-3 flex items-center justify-between">
              <h2 id="mine" className="text-title font-semibold text-ink">
                My journal
              </h2>
              {user?.handle && (
                <a href={journalPaths.atom(user.handle)} className="text-sm text-accent-ink underline">
                  Atom feed
                </a>
              )}
            </div>
            {mine.data.length === 0 ? (
              <p className="text-sm text-ink-muted">
                Your drafts and posts will be listed here. New posts are private until you publish them.
              </p>
            ) : (
              <ul className="space-y-3">
                {mine.data.map((p) => (
                  <PostCard key={p.id} post={p} mine />
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </>
  );
}
