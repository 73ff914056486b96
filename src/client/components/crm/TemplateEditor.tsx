import { router } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import type { RenderedTemplate, TemplateJson, TemplateKind } from '@contracts/crm-marketing';
import { templatesApi } from '@/api/crm-marketing';
import { Button, Card, Select, TextAreaField, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';

const KIND_LABEL: Record<TemplateKind, string> = { email: 'Email', flyer: 'Listing flyer', social: 'Social post' };

/**
 * Edits one template with its merge fields and a live preview rendered by the server (values escaped as they
 * will be in the mail). `kinds` are the kinds this screen offers; `propertySlug` fills property fields.
 */
export function TemplateEditor({
  template,
  kinds,
  fields,
  propertySlug,
}: {
  template: TemplateJson | null;
  kinds: TemplateKind[];
  fields: Array<{ key: string; label: string }>;
  propertySlug?: string;
}) {
  const initial = {
    kind: template?.kind ?? kinds[0],
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    body: template?.body ?? '',
  };
  const form = useApiForm(initial, {
    successMessage: 'Template saved',
    onSuccess: () => router.reload({ only: ['templates'] }),
  });
  const [preview, setPreview] = useState<RenderedTemplate | null>(null);
  useEffect(() => {
    form.setData(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template?.id]);
  const { subject, body } = form.data;
  useEffect(() => {
    const timer = setTimeout(() => {
      templatesApi
        .preview({ subject, body, property_slug: propertySlug || null })
        .then(setPreview, () => setPreview(null));
    }, 400);
    return () => clearTimeout(timer);
  }, [subject, body, propertySlug]);
  const save = form.handleSubmit((v) => (template ? templatesApi.update(template.id, v) : templatesApi.create(v)));
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <Card title={template ? `Edit “${template.name}”` : 'New template'}>
        <form className="grid gap-3" onSubmit={save}>
          {kinds.length > 1 && (
            <Select
              aria-label="Kind"
              value={form.data.kind}
              onChange={(e) => form.set('kind', e.target.value as TemplateKind)}
              options={kinds.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
            />
          )}
          <TextField label="Name" required {...form.field('name')} />
          {form.data.kind === 'email' && <TextField label="Subject" {...form.field('subject')} />}
          <TextAreaField label="Text" rows={8} required {...form.field('body')} />
          <div className="flex flex-wrap gap-1" aria-label="Merge fields">
            {fields.map((f) => (
              <button
                key={f.key}
                type="button"
                className="rounded-control border border-line px-2 py-0.5 text-xs text-ink-muted hover:bg-surface-muted"
                onClick={() => form.set('body', `${form.data.body}{{${f.key}}}`)}
              >
                {f.label}
              </button>
            ))}
          </div>
          <Button type="submit" loading={form.processing}>
            Save template
          </Button>
        </form>
      </Card>
      <Card title="Preview">
        {preview ? (
          <div className="space-y-2">
            {form.data.kind === 'email' && <p className="font-medium text-ink">{preview.subject}</p>}
            <pre className="whitespace-pre-wrap break-words font-sans text-sm text-ink">{preview.text}</pre>
          </div>
        ) : (
          <p className="text-sm text-ink-muted">Type to see the template filled in.</p>
        )}
      </Card>
    </div>
  );
}

/** The list of templates a screen edits, with the chosen one highlighted. */
export function TemplateList({
  templates,
  selected,
  onSelect,
}: {
  templates: TemplateJson[];
  selected: string | null;
  onSelect: (id: string | null) => void;
}) {
  return (
    <Card title="Templates" padded={false}>
      <ul className="divide-y divide-line">
        <li>
          <button
            type="button"
            className="w-full px-4 py-2 text-left text-sm text-accent-ink"
            onClick={() => onSelect(null)}
          >
            + New template
          </button>
        </li>
        {templates.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              onClick={() => onSelect(t.id)}
              className={`w-full px-4 py-2 text-left text-sm hover:bg-surface-muted ${t.id === selected ? 'font-semibold text-accent-ink' : 'text-ink'}`}
            >
              {t.name}
              <span className="block text-xs font-normal text-ink-subtle">{KIND_LABEL[t.kind]}</span>
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
