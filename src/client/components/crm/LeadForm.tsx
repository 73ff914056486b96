import { Button, FormField, TextField } from '@/components/ui';
import type { LeadFormValues } from '@/api/crm-marketing';
import { useApiForm } from '@/hooks/useApiForm';

const TEXTAREA =
  'min-h-24 w-full rounded-control border border-line bg-surface px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none';

interface Props<R> {
  consent: { version: string; text: string } | null;
  send: (values: LeadFormValues) => Promise<R>;
  onSent: (result: R) => void;
  submitLabel: string;
  messageLabel?: string;
  messagePlaceholder?: string;
}

/**
 * The form a person fills to reach a realtor (a listing's "contact the agent", a campaign's form, a QR code's form).
 * The consent text comes from the server with its version, which is sent back and stored with the lead; `website`
 * is a honeypot field hidden from people (bots fill it in).
 */
export function LeadForm<R>({ consent, send, onSent, submitLabel, messageLabel, messagePlaceholder }: Props<R>) {
  const form = useApiForm<LeadFormValues, R>(
    { name: '', email: '', phone: '', message: '', consent_version: '', website: '' },
    { onSuccess: onSent, errorFallback: 'Could not send the form' },
  );
  return (
    <form
      className="grid gap-3"
      onSubmit={form.handleSubmit((values) => send({ ...values, consent_version: consent?.version ?? '' }))}
    >
      <TextField label="Your name" required {...form.field('name')} autoComplete="name" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label="Email" type="email" {...form.field('email')} autoComplete="email" />
        <TextField label="Phone" type="tel" {...form.field('phone')} autoComplete="tel" />
      </div>
      <FormField label={messageLabel ?? 'Message'} name="message" error={form.errors.message}>
        <textarea
          className={TEXTAREA}
          value={form.data.message}
          onChange={(e) => form.set('message', e.target.value)}
          placeholder={messagePlaceholder}
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
      {form.errors.code && <p className="text-xs text-red-600">{form.errors.code}</p>}
      <Button type="submit" loading={form.processing} disabled={!consent}>
        {submitLabel}
      </Button>
    </form>
  );
}
