import type { WikiArticle, WikiDiff, WikiDiffOp, WikiRevision } from '@contracts/wiki';
import { Head, Link } from '@inertiajs/react';
import { wikiPaths } from '@/api/wiki';
import { ArticleHeader } from '@/components/wiki/ArticleHeader';
import { cn } from '@/lib/cn';
import type { PageProps } from '@/types';

const LINE: Record<WikiDiffOp, { sign: string; className: string; label: string }> = {
  same: { sign: ' ', className: 'text-ink-muted', label: 'Unchanged' },
  add: {
    sign: '+',
    className: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
    label: 'Added',
  },
  del: { sign: '−', className: 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200', label: 'Removed' },
};

function RevisionLabel({ rev }: { rev: WikiRevision }) {
  return (
    <span>
      revision {rev.number} ({rev.author?.name ?? 'Deleted user'}, {new Date(rev.created_at).toLocaleDateString()})
    </span>
  );
}

/** What changed between two revisions: the article's source lines, removed and added. */
export default function WikiDiffPage({ article, diff }: PageProps<{ article: WikiArticle; diff: WikiDiff }>) {
  return (
    <>
      <Head title={`Diff: ${article.title}`} />
      <div className="mx-auto max-w-3xl">
        <ArticleHeader article={article} tab={null} />
        <p className="mt-4 text-sm text-ink-muted">
          From <RevisionLabel rev={diff.from} /> to <RevisionLabel rev={diff.to} />:{' '}
          <span className="text-emerald-700 dark:text-emerald-300">+{diff.added}</span>{' '}
          <span className="text-red-700 dark:text-red-300">−{diff.removed}</span> lines.{' '}
          <Link href={wikiPaths.history(article.slug)} className="text-accent-ink">
            History
          </Link>
        </p>
        {(diff.title_changed || diff.category_changed) && (
          <p className="mt-2 text-sm text-ink">
            {diff.title_changed && `Title: “${diff.from.title}” → “${diff.to.title}”. `}
            {diff.category_changed && `Category: ${diff.from.category} → ${diff.to.category}.`}
          </p>
        )}
        <ol className="mt-4 overflow-x-auto rounded-card border border-line bg-surface font-mono text-xs shadow-card">
          {diff.lines.map((line, i) => (
            <li key={i} className={cn('flex gap-2 px-3 py-1', LINE[line.op].className)}>
              <span aria-label={LINE[line.op].label} className="w-3 shrink-0 select-none">
                {LINE[line.op].sign}
              </span>
              <span className="break-all whitespace-pre-wrap">{line.text}</span>
            </li>
          ))}
        </ol>
        {diff.lines.length === 0 && <p className="mt-2 text-sm text-ink-muted">Both revisions are empty.</p>}
      </div>
    </>
  );
}
