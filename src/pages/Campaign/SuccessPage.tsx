import { Head } from '@inertiajs/react';
import type { SuccessPageProps } from '@contracts/crm-marketing';
import { ButtonLink, Card } from '@/components/ui';
import { CampaignColumn } from '@/components/crm/CampaignFrame';
import { routes } from '@/routes';

/** Campaign/SuccessPage: a credits code was redeemed. */
export default function SuccessPage({ credits, balance, campaign }: SuccessPageProps) {
  return (
    <CampaignColumn title={`${credits} image credits added`}>
      <Head title="Credits added" />
      <Card>
        <p role="status" className="text-ink">
          A gift from {campaign.team_name}. You now have {balance} image credits.
        </p>
        <ButtonLink className="mt-4" href={routes.designer}>
          Design something
        </ButtonLink>
      </Card>
    </CampaignColumn>
  );
}
