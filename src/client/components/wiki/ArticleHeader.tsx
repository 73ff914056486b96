import type { WikiArticle } from '@contracts/wiki';
import { Link } from '@inertiajs/react';
import { WIKI_CATEGORY_LABELS, wikiPaths } from '@/api/wiki';
import { cn } from '@/lib/cn';

type Tab = 'article' | 'history' | 'edit';

/** The article's title, category and its tabs (article, history, edit when the viewer may). */
export function ArticleHeader({ article, tab }: { article: WikiArticle; tab: Tab | null }) {
  const tabs: Array<{ key: Tab; label: string; href: string }> = [
    { key: 'article', label: 'Article', href: wikiPaths.show(article.slug) },
    { key: 'history', label: 'History', href: wikiPaths.history(article.slug) },
    ...(article.can_edit ? [{ key: 'edit' as const, label: 'Edit', href: wikiPaths.edit(article.slug) }] : []),
  ];
  return (
    <header>
      <Link href={wikiPaths.index()} className="text-sm text-accent-ink">
        ← WikiLuxury
      </Link>
      <p className="mt-2 text-eyebrow uppercase text-ink-subtle">{WIKI_CATEGORY_LABELS[article.category]}</p>
      <h1 className="text-headline font-semibold break-words text-ink">{article.title}</h1>
      <nav aria-label="Article" className="mt-3 flex gap-1 border-b border-line">
        {tabs.map((t) => (
          <Link
            key={t.key}
            href={t.href}
            aria-current={t.key === tab ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm',
              t.key === tab ? 'border-brand-500 text-accent-ink' : 'border-transparent text-ink-muted hover:text-ink',
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
    </header>
  );
}
