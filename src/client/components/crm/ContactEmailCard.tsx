import { useEffect, useState } from 'react';
import type { RenderedTemplate, TemplateJson } from '@contracts/crm-marketing';
import { templatePaths, templatesApi } from '@/api/crm-marketing';
import { Button, Card, Select } from '@/components/ui';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

/**
 * Contacts/Show: pick an email template, see it filled for this contact (rendered by the server, as it will be
 * mailed), send it. The send goes through the campaign send: a suppressed address is reported, never mailed.
 */
export function ContactEmailCard({
  contactId,
  email,
  templates,
  onSent,
}: {
  contactId: string;
  email: string | null;
  templates: TemplateJson[];
  onSent: () => void;
}) {
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? '');
  const [preview, setPreview] = useState<RenderedTemplate | null>(null);
  const { busy: sending, attempt } = useAttempt();
  const template = templates.find((t) => t.id === templateId) ?? null;
  useEffect(() => {
    if (!template || !email) return setPreview(null);
    let live = true;
    templatesApi.preview({ subject: template.subject, body: template.body, contact_id: contactId }).then(
      (r) => live && setPreview(r),
      () => live && setPreview(null),
    );
    return () => {
      live = false;
    };
  }, [template, contactId, email]);
  const send = async () => {
    await attempt(async () => {
      const report = await templatesApi.sendToContact(contactId, templateId);
      if (report.sent) notify.success('Email sent');
      else notify.error('Not sent: this address is on the suppression list (unsubscribed, bounced or complained).');
      onSent();
    }, 'Could not send the email');
  };
  return (
    <Card title="Send an email">
      {!email ? (
        <p className="text-sm text-ink-muted">This contact has no email address.</p>
      ) : templates.length === 0 ? (
        <p className="text-sm text-ink-muted">
          No email templates yet.{' '}
          <a href={templatePaths.email} className="text-accent-ink hover:underline">
            Write one
          </a>
        </p>
      ) : (
        <div className="grid gap-2">
          <Select
            aria-label="Template"
            value={templateId}
            onChange={(e) => setTemplateId(e.target.value)}
            options={templates.map((t) => ({ value: t.id, label: t.name }))}
          />
          <div className="rounded-control border border-line bg-surface-muted p-3" aria-label="Preview">
            <p className="text-xs break-all text-ink-subtle">To: {email}</p>
            {preview ? (
              <>
                <p className="text-sm font-medium break-words text-ink">{preview.subject}</p>
                <pre className="mt-1 max-h-60 overflow-auto font-sans text-sm break-words whitespace-pre-wrap text-ink-muted">
                  {preview.text}
                </pre>
              </>
            ) : (
              <p className="text-sm text-ink-subtle">Loading the preview…</p>
            )}
          </div>
          <Button size="sm" onClick={send} loading={sending} disabled={!templateId}>
            Send email
          </Button>
        </div>
      )}
    </Card>
  );
}
