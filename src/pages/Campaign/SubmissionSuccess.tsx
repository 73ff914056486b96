import { Head } from '@inertiajs/react';
import type { SubmissionSuccessProps } from '@contracts/crm-marketing';
import { Card } from '@/components/ui';
import { CampaignColumn, CampaignFrame } from '@/components/crm/CampaignFrame';

/** Campaign/SubmissionSuccess: after a campaign form or a QR code's form. */
export default function SubmissionSuccess({ campaign }: SubmissionSuccessProps) {
  return (
    <CampaignColumn title="Thank you!">
      <Head title="Thank you" />
      <Card>
        <p role="status" className="text-ink">
          {campaign.team_name} has your details and will be in touch about {campaign.name}.
        </p>
        <p className="mt-2 text-sm text-ink-muted">Every email has a link to unsubscribe in one click.</p>
      </Card>
    </CampaignColumn>
  );
}

SubmissionSuccess.layout = CampaignFrame;
