import type { WikiArticle } from '@contracts/wiki';
import { Head, router } from '@inertiajs/react';
import { WIKI_CATEGORY_LABELS, type WikiEdit, wikiApi, wikiPaths } from '@/api/wiki';
import { RichTextEditor } from '@/components/community';
import { ArticleHeader } from '@/components/wiki/ArticleHeader';
import { Button, Card, FormField, Input, SelectField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

const CATEGORY_OPTIONS = Object.entries(WIKI_CATEGORY_LABELS).map(([value, label]) => ({ value, label }));

/** Writing a new article or a new revision of one (trusted editors and admins). */
export default function WikiEditPage({ article }: PageProps<{ article: WikiArticle | null }>) {
  const form = useApiForm<WikiEdit & { slug: string }, { message: string }>(
    {
      slug: article?.slug ?? '',
      title: article?.title ?? '',
      category: article?.category ?? 'term',
      body_html: article?.body_html ?? '',
      summary: '',
      base_revision: article?.current.number,
    },
    {
      successMessage: (r) => r.message,
      onSuccess: () => router.visit(wikiPaths.show(form.data.slug)),
    },
  );
  const save = form.handleSubmit(({ slug, ...edit }) =>
    article ? wikiApi.edit(article.slug, edit) : wikiApi.create({ slug, ...edit }),
  );
  return (
    <>
      <Head title={article ? `Edit: ${article.title}` : 'New wiki article'} />
      <div className="mx-auto max-w-3xl space-y-4">
        {article ? (
          <ArticleHeader article={article} tab="edit" />
        ) : (
          <h1 className="text-headline font-semibold text-ink">New article</h1>
        )}
        <Card>
          <form className="space-y-4" onSubmit={save}>
            {!article && (
              <FormField label="Address (wiki/…)" name="slug" error={form.errors.slug}>
                <Input {...form.field('slug')} maxLength={80} placeholder="richard-neutra" />
              </FormField>
            )}
            <FormField label="Title" name="title" error={form.errors.title}>
              <Input {...form.field('title')} maxLength={120} />
            </FormField>
            <SelectField label="Category" options={CATEGORY_OPTIONS} {...form.field('category')} />
            <RichTextEditor
              id="wiki-body"
              label="Article"
              value={form.data.body_html}
              onChange={(html) => form.set('body_html', html)}
              error={form.errors.body_html}
              minHeight="min-h-64"
            />
            <FormField label="What you changed" name="summary" error={form.errors.summary ?? form.errors.base_revision}>
              <Input {...form.field('summary')} maxLength={200} placeholder="Added the architect's major works" />
            </FormField>
            <Button type="submit" loading={form.processing}>
              {article ? 'Save revision' : 'Create article'}
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
