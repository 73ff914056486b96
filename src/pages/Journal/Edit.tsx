import type { JournalEmbedRef, JournalPost, JournalVisibility } from '@contracts/journal';
import { Head, router } from '@inertiajs/react';
import { useState } from 'react';
import { type JournalDraft, journalApi, journalPaths } from '@/api/journal';
import { ModerationNotice, RichTextEditor } from '@/components/community';
import { BackLink, Button, Card, FormField, Input, Select, SelectField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { isoToLocalInput, localInputToIso } from '@/lib/datetime-local';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

const VISIBILITY = [
  { value: 'private', label: 'Private: only me' },
  { value: 'followers', label: 'Followers' },
  { value: 'public', label: 'Public' },
];

/** Writing a journal post: title, rich text with images, embedded listings/spots, visibility, publish or schedule. */
export default function JournalEdit({ post }: PageProps<{ post: JournalPost | null }>) {
  const { attempt } = useAttempt();
  const [saved, setSaved] = useState(post);
  // A scheduled post reopens with its time in the box, so "Schedule" keeps it; an empty box would publish now.
  const [when, setWhen] = useState(
    post?.status === 'scheduled' && post.publish_at ? isoToLocalInput(post.publish_at) : '',
  );
  const [embed, setEmbed] = useState<JournalEmbedRef>({ kind: 'listing', ref: '' });
  const form = useApiForm<JournalDraft, { message: string; post: JournalPost }>({
    title: post?.title ?? '',
    body_html: post?.body_html ?? '',
    visibility: (post?.visibility ?? 'private') as JournalVisibility,
    embeds: (post?.embeds ?? []).map(({ kind, ref }) => ({ kind, ref })),
  });

  const save = async () => {
    const r = await form.submit((v) => (saved ? journalApi.update(saved.id, v) : journalApi.create(v)));
    if (!r) return null;
    notify.success(r.message);
    setSaved(r.post);
    if (!saved) router.visit(journalPaths.edit(r.post.id), { replace: true, preserveScroll: true });
    return r.post;
  };

  const publish = async () => {
    const current = await save();
    if (!current) return;
    await attempt(async () => {
      const r = await journalApi.publish(current.id, localInputToIso(when));
      notify.success(r.message);
      router.visit(journalPaths.show(r.post.id));
    }, 'Could not publish');
  };

  const addEmbed = () => {
    if (!embed.ref.trim()) return;
    form.set('embeds', [...form.data.embeds, { kind: embed.kind, ref: embed.ref.trim() }]);
    setEmbed({ ...embed, ref: '' });
  };

  return (
    <>
      <Head title={saved ? `Edit: ${saved.title}` : 'New journal post'} />
      <div className="mx-auto max-w-3xl space-y-4">
        <BackLink href={journalPaths.index}>Journal</BackLink>
        <h1 className="text-headline font-semibold text-ink">{saved ? 'Edit post' : 'New post'}</h1>
        {saved && <ModerationNotice state={saved.moderation} />}
        {saved && (
          <p className="text-sm text-ink-muted">
            Status: {saved.status}
            {saved.publish_at && ` for ${new Date(saved.publish_at).toLocaleString()}`}
          </p>
        )}
        <Card>
          <div className="space-y-4">
            <FormField label="Title" name="title" error={form.errors.title}>
              <Input {...form.field('title')} maxLength={160} />
            </FormField>
            <RichTextEditor
              id="body"
              label="Post"
              value={form.data.body_html}
              onChange={(html) => form.set('body_html', html)}
              uploadImage={async (file) => (await journalApi.uploadImage(file)).image.url}
              error={form.errors.body_html}
              minHeight="min-h-64"
            />
            <SelectField label="Who can read it" options={VISIBILITY} {...form.field('visibility')} />
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-ink">Embedded listings and spots</legend>
              <ul className="space-y-1 text-sm text-ink-muted">
                {form.data.embeds.map((e, i) => (
                  <li key={`${e.kind}:${e.ref}`} className="flex items-center justify-between gap-2">
                    <span className="truncate">
                      {e.kind}: {e.ref}
                    </span>
                    <button
                      type="button"
                      className="text-accent-ink"
                      onClick={() =>
                        form.set(
                          'embeds',
                          form.data.embeds.filter((_, j) => j !== i),
                        )
                      }
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
              {Object.entries(form.errors)
                .filter(([k]) => k.startsWith('embeds'))
                .map(([k, m]) => (
                  <p key={k} className="text-sm text-red-600 dark:text-red-400">
                    {m}
                  </p>
                ))}
              <div className="flex flex-wrap gap-2">
                <Select
                  aria-label="Embed kind"
                  className="w-32"
                  options={[
                    { value: 'listing', label: 'Listing' },
                    { value: 'spot', label: 'Spot' },
                  ]}
                  value={embed.kind}
                  onChange={(e) => setEmbed({ ...embed, kind: e.target.value as 'listing' | 'spot' })}
                />
                <Input
                  aria-label="Listing id or spot slug"
                  className="min-w-0 flex-1"
                  placeholder="Listing id or spot slug"
                  value={embed.ref}
                  onChange={(e) => setEmbed({ ...embed, ref: e.target.value })}
                />
                <Button type="button" variant="secondary" onClick={addEmbed}>
                  Add
                </Button>
              </div>
            </fieldset>
          </div>
        </Card>
        <Card>
          <div className="flex flex-wrap items-end gap-3">
            <Button type="button" variant="secondary" onClick={() => void save()} loading={form.processing}>
              Save draft
            </Button>
            {saved?.status !== 'published' && (
              <>
                <FormField label="Publish at (optional)" name="publish_at">
                  <Input type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
                </FormField>
                <Button type="button" onClick={() => void publish()} loading={form.processing}>
                  {when ? 'Schedule' : 'Publish'}
                </Button>
              </>
            )}
            {saved?.status === 'published' && (
              <Button
                type="button"
                variant="ghost"
                onClick={() =>
                  void attempt(async () => {
                    const r = await journalApi.unpublish(saved.id);
                    notify.success(r.message);
                    setSaved(r.post);
                  }, 'Could not move the post back to draft')
                }
              >
                Back to draft
              </Button>
            )}
          </div>
        </Card>
      </div>
    </>
  );
}
