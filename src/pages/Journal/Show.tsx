import type { JournalComment, JournalCommentPage, JournalPost } from '@contracts/journal';
import { Head } from '@inertiajs/react';
import { useState } from 'react';
import { journalApi, journalPaths } from '@/api/journal';
import { AuthorLine, FlagButton, ModerationNotice, RichText, RichTextComposer } from '@/components/community';
import { BackLink, Button, ButtonLink } from '@/components/ui';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

/** One journal post: the text, embedded listings and spots, likes, flags and comments. */
export default function JournalShow({
  post,
  comments,
}: PageProps<{ post: JournalPost; comments: JournalCommentPage }>) {
  const { attempt } = useAttempt();
  const user = useAuthUser();
  const [list, setList] = useState<JournalComment[]>(comments.data);
  const [likes, setLikes] = useState({ liked: post.liked, count: post.likes_count });

  const toggleLike = async () => {
    await attempt(async () => {
      const r = await journalApi.like(post.id, !likes.liked);
      setLikes({ liked: r.liked, count: r.likes_count });
    }, 'Could not like this post');
  };

  return (
    <>
      <Head title={post.title} />
      <article className="mx-auto max-w-2xl">
        <BackLink href={journalPaths.index}>Journal</BackLink>
        <h1 className="mt-2 text-display font-semibold text-ink">{post.title}</h1>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <AuthorLine author={post.author} at={post.published_at} />
          {post.can_edit && (
            <ButtonLink href={journalPaths.edit(post.id)} variant="secondary" size="sm">
              Edit
            </ButtonLink>
          )}
        </div>
        <div className="mt-4 space-y-3">
          <ModerationNotice state={post.moderation} />
          {post.status !== 'published' && (
            <p className="text-sm text-ink-muted">Only you can see this {post.status} post.</p>
          )}
        </div>
        <RichText html={post.body_html} className="mt-6 text-base leading-relaxed" />
        {post.embeds.length > 0 && (
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {post.embeds.map((e) => (
              <li key={`${e.kind}:${e.ref}`} className="rounded-card border border-line bg-surface-muted p-3 text-sm">
                <span className="text-eyebrow uppercase text-ink-subtle">{e.kind}</span>
                {e.available && e.url ? (
                  <a href={e.url} className="block font-medium text-accent-ink">
                    {e.title}
                  </a>
                ) : (
                  <span className="block text-ink-muted">No longer available</span>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 flex items-center gap-4 border-t border-line pt-4">
          {user && !post.can_edit ? (
            <Button
              variant={likes.liked ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => void toggleLike()}
              aria-pressed={likes.liked}
            >
              ♥ {likes.count}
            </Button>
          ) : (
            <span className="text-sm text-ink-muted">♥ {likes.count}</span>
          )}
          {user && !post.can_edit && <FlagButton onFlag={(reason) => journalApi.flag(post.id, reason)} />}
        </div>
        <section className="mt-8" aria-labelledby="comments">
          <h2 id="comments" className="text-title font-semibold text-ink">
            Comments ({list.length})
          </h2>
          <ul className="mt-3 space-y-3">
            {list.map((c) => (
              <li key={c.id} className="rounded-card border border-line bg-surface p-3">
                <AuthorLine author={c.author} at={c.created_at} />
                <RichText html={c.body_html} className="mt-2 text-sm" />
                {c.moderation === 'pending' && (
                  <p className="mt-1 text-xs text-amber-700 dark:text-amber-300">Waiting for a moderator</p>
                )}
              </li>
            ))}
          </ul>
          {user && post.status === 'published' ? (
            <RichTextComposer
              className="mt-4"
              id="comment"
              label="Your comment"
              submitLabel="Comment"
              minHeight="min-h-20"
              send={(html) => journalApi.comment(post.id, html)}
              onSent={(r) => setList((l) => [...l, r.comment])}
            />
          ) : (
            !user && <p className="mt-4 text-sm text-ink-muted">Log in to comment.</p>
          )}
        </section>
      </article>
    </>
  );
}
