import type { WikiArticle, WikiTalkFeed } from '@contracts/wiki';
import { Head } from '@inertiajs/react';
import { wikiApi } from '@/api/wiki';
import { AuthorLine, KeysetFooter, RichText, RichTextComposer } from '@/components/community';
import { ArticleHeader } from '@/components/wiki/ArticleHeader';
import { useKeysetList } from '@/hooks/useKeysetList';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';

/** A wiki article (its current revision) and its talk page. */
export default function WikiShow({ article, talk }: PageProps<{ article: WikiArticle; talk: WikiTalkFeed }>) {
  const user = useAuthUser();
  const list = useKeysetList(talk, (cursor) => wikiApi.talk(article.slug, cursor), 'Could not load older comments');
  const rev = article.current;
  return (
    <>
      <Head title={article.title} />
      <div className="mx-auto max-w-3xl">
        <ArticleHeader article={article} tab="article" />
        <article className="mt-4">
          <RichText html={article.body_html} />
          <p className="mt-4 text-xs text-ink-subtle">
            Revision {rev.number}
            {rev.author ? ` by ${rev.author.name}` : ''} · {new Date(rev.created_at).toLocaleDateString()}
            {rev.summary ? ` · “${rev.summary}”` : ''}
          </p>
        </article>
        <section className="mt-10 space-y-4" aria-labelledby="talk">
          <h2 id="talk" className="text-title font-semibold text-ink">
            Talk ({article.talk_count})
          </h2>
          {user ? (
            <RichTextComposer
              id="talk-body"
              label="Discuss this article"
              submitLabel="Post"
              minHeight="min-h-20"
              send={(html) => wikiApi.addTalk(article.slug, html)}
              onSent={(r) => list.prepend(r.comment)}
            />
          ) : (
            <p className="text-sm text-ink-muted">Sign in to join the discussion.</p>
          )}
          <ul className="space-y-3">
            {list.items.map((c) => (
              <li key={c.id} className="rounded-card border border-line bg-surface p-4 shadow-card">
                <AuthorLine author={c.author} at={c.created_at} />
                <RichText html={c.body_html} className="mt-2" />
              </li>
            ))}
          </ul>
          <KeysetFooter list={list} empty="No discussion yet." older="Older comments" />
        </section>
      </div>
    </>
  );
}
