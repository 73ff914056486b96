import { Head, router } from '@inertiajs/react';
import type { PublicFormProps } from '@contracts/crm-marketing';
import { farmApi } from '@/api/crm-marketing';
import { Card } from '@/components/ui';
import { CampaignColumn, CampaignFrame } from '@/components/crm/CampaignFrame';
import { LeadForm } from '@/components/crm/LeadForm';

/** Campaign/PublicForm: a farm campaign's email collection form (embeddable with `?embed=1`). */
export default function PublicForm({ campaign, consent, form_token }: PublicFormProps) {
  const embedded = typeof window !== 'undefined' && window.location.search.includes('embed');
  return (
    <CampaignColumn title={campaign.headline || campaign.name} intro={`From ${campaign.team_name}`}>
      <Head title={campaign.name} />
      <Card>
        <LeadForm
          consent={consent}
          send={(values) => farmApi.submitForm(campaign.slug, { ...values, form_token })}
          onSent={(r) => router.visit(embedded ? `${r.redirect}?embed=1` : r.redirect)}
          submitLabel="Keep me posted"
          messageLabel="Anything you would like to know? (optional)"
          messagePlaceholder="What is my home worth?"
        />
      </Card>
    </CampaignColumn>
  );
}

PublicForm.layout = CampaignFrame;
