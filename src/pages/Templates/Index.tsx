import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { TemplatesProps } from '@contracts/crm-marketing';
import { Card, TextField } from '@/components/ui';
import { TemplateEditor, TemplateList } from '@/components/crm/TemplateEditor';

/** Templates/Index: listing flyer and social post templates the realtor fills from one of their properties. */
export default function TemplatesIndex({ templates, merge_fields }: TemplatesProps) {
  const [selected, setSelected] = useState<string | null>(templates[0]?.id ?? null);
  const [property, setProperty] = useState('');
  const slug = property.trim().split('/').filter(Boolean).pop() ?? '';
  return (
    <>
      <Head title="Templates" />
      <h1 className="mb-4 text-headline text-ink">Flyer and social templates</h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[16rem_1fr]">
        <TemplateList templates={templates} selected={selected} onSelect={setSelected} />
        <div className="min-w-0 space-y-4">
          <Card>
            <TextField
              label="Fill from a property (its link or slug)"
              name="property"
              value={property}
              onChange={(e) => setProperty(e.target.value)}
              placeholder="https://…/properties/sunny-house"
            />
          </Card>
          <TemplateEditor
            template={templates.find((t) => t.id === selected) ?? null}
            kinds={['flyer', 'social']}
            fields={merge_fields}
            propertySlug={slug}
          />
        </div>
      </div>
    </>
  );
}
