import type { WikiArticle } from '@contracts/wiki';
import { WIKI_CATEGORY_LABELS, wikiPaths } from '@/api/wiki';
import { BackLink } from '@/components/ui/BackLink';
import { TabLink } from '@/components/ui/TabLink';

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
      <BackLink href={wikiPaths.index()}>WikiLuxury</BackLink>
      <p className="mt-2 text-eyebrow uppercase text-ink-subtle">{WIKI_CATEGORY_LABELS[article.category]}</p>
      <h1 className="text-headline font-semibold break-words text-ink">{article.title}</h1>
      <nav aria-label="Article" className="mt-3 flex gap-1 border-b border-line">
        {tabs.map((t) => (
          <TabLink key={t.key} href={t.href} active={t.key === tab}>
            {t.label}
          </TabLink>
        ))}
      </nav>
    </header>
  );
}
