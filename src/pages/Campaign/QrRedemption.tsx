import { Head, router } from '@inertiajs/react';
import type { QrRedemptionProps } from '@contracts/crm-marketing';
import { farmApi } from '@/api/crm-marketing';
import { Alert, Card } from '@/components/ui';
import { CampaignColumn } from '@/components/crm/CampaignFrame';
import { LeadForm } from '@/components/crm/LeadForm';

const STATE_TEXT = {
  redeemed: 'This code has already been used. Each code works once.',
  expired: 'This code has expired.',
};

/** Campaign/QrRedemption: the page a printed QR code opens; the person's details redeem the code once. */
export default function QrRedemption({ code, state, campaign, consent }: QrRedemptionProps) {
  return (
    <CampaignColumn title={campaign.headline || campaign.name} intro={`From ${campaign.team_name} · code ${code}`}>
      <Head title={campaign.name} />
      {state === 'valid' ? (
        <Card>
          <LeadForm
            consent={consent}
            send={(values) => farmApi.redeemQr(code, values)}
            onSent={(r) => router.visit(r.redirect)}
            submitLabel="Redeem"
            messageLabel="Anything you would like to know? (optional)"
          />
        </Card>
      ) : (
        <Alert variant="warning">{STATE_TEXT[state]}</Alert>
      )}
    </CampaignColumn>
  );
}
