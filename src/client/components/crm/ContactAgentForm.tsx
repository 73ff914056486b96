import { useEffect, useState } from 'react';
import { crmApi } from '@/api/crm';
import { Card } from '@/components/ui';
import { LeadForm } from './LeadForm';

/** "Contact the agent" on a public listing (the consent text and its version come from the server). */
export function ContactAgentForm({ propertyId }: { propertyId: string }) {
  const [consent, setConsent] = useState<{ version: string; text: string } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  useEffect(() => {
    crmApi.consent().then(setConsent, () => setConsent(null));
  }, []);

  return (
    <Card title="Contact the agent">
      {sent ? (
        <p role="status" className="text-sm text-ink">
          {sent}
        </p>
      ) : (
        <LeadForm
          consent={consent}
          send={(values) =>
            crmApi.inquire(propertyId, {
              name: values.name,
              email: values.email,
              phone: values.phone,
              message: values.message,
              consent_version: values.consent_version,
              website: values.website,
            })
          }
          onSent={(r) => setSent(r.message)}
          submitLabel="Send to the agent"
          messagePlaceholder="I would like to see this home."
        />
      )}
    </Card>
  );
}
