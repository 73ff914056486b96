import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { UnsubscribeProps } from '@contracts/crm-marketing';
import { templatesApi } from '@/api/crm-marketing';
import { Button, Card } from '@/components/ui';
import { CampaignColumn } from '@/components/crm/CampaignFrame';
import { useAttempt } from '@/hooks/useAttempt';

/** The unsubscribe link's page: opening it changes nothing; the button unsubscribes (from every realtor's mail). */
export default function Unsubscribe({ token, email, done: initiallyDone }: UnsubscribeProps) {
  const [done, setDone] = useState(initiallyDone);
  const { busy, attempt } = useAttempt();
  const confirm = async () => {
    await attempt(async () => {
      setDone((await templatesApi.unsubscribe(token)).done);
    }, 'Could not unsubscribe');
  };
  return (
    <CampaignColumn title={done ? 'You are unsubscribed' : 'Unsubscribe?'}>
      <Head title="Unsubscribe" />
      <Card>
        {done ? (
          <p role="status" className="text-ink">
            {email} will get no more marketing email from realtors on Reelty.
          </p>
        ) : (
          <div className="space-y-3">
            <p className="text-ink">Stop marketing email to {email}?</p>
            <Button onClick={confirm} loading={busy}>
              Unsubscribe
            </Button>
          </div>
        )}
      </Card>
    </CampaignColumn>
  );
}
