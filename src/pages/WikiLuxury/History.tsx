import type { WikiArticle, WikiRevision, WikiRevisionPage } from '@contracts/wiki';
import { Head, Link } from '@inertiajs/react';
import { wikiApi, wikiPaths } from '@/api/wiki';
import { ArticleHeader } from '@/components/wiki/ArticleHeader';
import { Button, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';
import { actThenReload } from '@/lib/actions';

/** Every revision of an article, newest first: diff with the previous one, and rollback for trusted editors. */
export default function WikiHistory({
  article,
  revisions,
}: PageProps<{ article: WikiArticle; revisions: WikiRevisionPage }>) {
  const current = article.current.number;
  const rollback = (rev: WikiRevision) =>
    actThenReload(() => wikiApi.rollback(article.slug, rev.number), 'Could not roll back');
  return (
    <>
      <Head title={`History: ${article.title}`} />
      <div className="mx-auto max-w-3xl">
        <ArticleHeader article={article} tab="history" />
        <ol className="mt-4 divide-y divide-line rounded-card border border-line bg-surface shadow-card">
          {revisions.data.map((rev) => (
            <li key={rev.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-ink">
                  Revision {rev.number}
                  {rev.number === current && <span className="ml-2 text-xs text-accent-ink">current</span>}
                </p>
                <p className="text-xs break-words text-ink-muted">
                  {rev.author?.name ?? 'Deleted user'} · {new Date(rev.created_at).toLocaleString()}
                  {rev.summary ? ` · ${rev.summary}` : ''}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {rev.number > 1 && (
                  <Link
                    href={wikiPaths.diff(article.slug, rev.number - 1, rev.number)}
                    className="text-sm text-accent-ink"
                  >
                    Diff
                  </Link>
                )}
                {rev.number !== current && (
                  <Link href={wikiPaths.diff(article.slug, rev.number, current)} className="text-sm text-accent-ink">
                    vs current
                  </Link>
                )}
                {article.can_edit && rev.number !== current && (
                  <Button size="sm" variant="secondary" onClick={() => void rollback(rev)}>
                    Restore
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-4">
          <Pagination of={revisions} hrefFor={(page) => wikiPaths.history(article.slug, page)} />
        </div>
      </div>
    </>
  );
}
