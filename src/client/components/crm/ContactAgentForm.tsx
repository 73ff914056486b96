import { useEffect, useState } from 'react';
import { crmApi } from '@/api/crm';
import { useApiForm } from '@/hooks/useApiForm';
import { Button, Card, FormField, TextField } from '@/components/ui';

const TEXTAREA =
  'min-h-24 w-full rounded-control border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none';

/**
 * "Contact the agent" on a public listing. The consent text comes from the server with its version, which is sent
 * back and stored with the lead; `website` is a honeypot field hidden from people (bots fill it in).
 */
export function ContactAgentForm({ propertyId }: { propertyId: string }) {
  const [consent, setConsent] = useState<{ version: string; text: string } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm(
    { name: '', email: '', phone: '', message: '', consent_version: '', website: '' },
    { onSuccess: (r: { message: string }) => setSent(r.message), errorFallback: 'Could not send your message' },
  );
  useEffect(() => {
    crmApi.consent().then(setConsent, () => setConsent(null));
  }, []);

  if (sent) {
    return (
      <Card title="Contact the agent">
        <p role="status" className="text-sm text-ink">
          {sent}
        </p>
      </Card>
    );
  }
  return (
    <Card title="Contact the agent">
      <form
        className="grid gap-3"
        onSubmit={form.handleSubmit((values) =>
          crmApi.inquire(propertyId, { ...values, consent_version: consent?.version ?? '' }),
        )}
      >
        <TextField label="Your name" required {...form.field('name')} autoComplete="name" />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Email" type="email" {...form.field('email')} autoComplete="email" />
          <TextField label="Phone" type="tel" {...form.field('phone')} autoComplete="tel" />
        </div>
        <FormField label="Message" name="message" error={form.errors.message}>
          <textarea
            className={TEXTAREA}
            value={form.data.message}
            onChange={(e) => form.set('message', e.target.value)}
            placeholder="I would like to see this home."
          />
        </FormField>
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            Website
            <input
              tabIndex={-1}
              autoComplete="off"
              value={form.data.website}
              onChange={(e) => form.set('website', e.target.value)}
            />
          </label>
        </div>
        {consent && <p className="text-xs text-ink-muted">{consent.text}</p>}
        {form.errors.consent_version && <p className="text-xs text-red-600">{form.errors.consent_version}</p>}
        <Button type="submit" loading={form.processing} disabled={!consent}>
          Send to the agent
        </Button>
      </form>
    </Card>
  );
}
