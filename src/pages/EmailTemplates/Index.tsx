import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import type { SendReport, TemplatesProps } from '@contracts/crm-marketing';
import { crmPaths } from '@/api/crm';
import { templatePaths, templatesApi } from '@/api/crm-marketing';
import { Button, Card, DividedList, EmptyState, Input, Pagination, Select } from '@/components/ui';
import { TemplateEditor, TemplateList } from '@/components/crm/TemplateEditor';
import { notify } from '@/lib/toast';
import { SendStatus } from '@/components/crm/SendStatus';
import { useAttempt } from '@/hooks/useAttempt';

/** EmailTemplates/Index: email templates with merge fields and a live preview, sent to a segment, tracked. */
export default function EmailTemplatesIndex({ templates, merge_fields, sends, stages }: TemplatesProps) {
  const [selected, setSelected] = useState<string | null>(templates[0]?.id ?? null);
  const [stage, setStage] = useState('');
  const [tag, setTag] = useState('');
  const [report, setReport] = useState<SendReport | null>(null);
  const { busy: sending, attempt } = useAttempt();
  const template = templates.find((t) => t.id === selected) ?? null;
  const send = async () => {
    if (!template) return;
    await attempt(async () => {
      const r = await templatesApi.send(template.id, { ...(stage && { stage }), ...(tag && { tag }) });
      setReport(r);
      notify.success(`Sent ${r.sent}`);
    }, 'Could not send');
  };
  return (
    <>
      <Head title="Email templates" />
      <h1 className="mb-4 text-headline text-ink">Email templates</h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[16rem_1fr]">
        <TemplateList templates={templates} selected={selected} onSelect={setSelected} />
        <div className="min-w-0 space-y-4">
          <TemplateEditor template={template} kinds={['email']} fields={merge_fields} />
          {template && (
            <Card title="Send to a segment">
              <div className="flex flex-wrap items-end gap-2">
                <Select
                  aria-label="Stage"
                  value={stage}
                  onChange={(e) => setStage(e.target.value)}
                  options={[
                    { value: '', label: 'Any stage' },
                    ...stages.map((s) => ({ value: s, label: s.replace(/_/g, ' ') })),
                  ]}
                />
                <Input
                  aria-label="Tag"
                  placeholder="Tag"
                  value={tag}
                  onChange={(e) => setTag(e.target.value)}
                  className="w-40"
                />
                <Button onClick={send} loading={sending} disabled={!stage && !tag}>
                  Send “{template.name}”
                </Button>
              </div>
              {report && (
                <p role="status" className="mt-3 text-sm text-ink-muted">
                  Sent {report.sent} · {report.suppressed} unsubscribed or bounced (skipped) · {report.skipped} without
                  an email
                </p>
              )}
            </Card>
          )}
          <Card title="Sent" padded={false}>
            <DividedList
              items={sends.data}
              empty={<EmptyState title="Nothing sent yet" description="Each recipient's email is tracked here." />}
            >
              {(s) => (
                <li key={s.id} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
                  <Link href={crmPaths.contact(s.contact.id)} className="text-ink hover:underline">
                    {s.contact.name || s.email}
                  </Link>
                  <span className="text-xs text-ink-subtle">
                    {s.template_name} · {new Date(s.sent_at).toLocaleString()} · <SendStatus send={s} />
                  </span>
                </li>
              )}
            </DividedList>
            <Pagination className="p-4" of={sends} hrefFor={templatePaths.emailPage} />
          </Card>
        </div>
      </div>
    </>
  );
}
