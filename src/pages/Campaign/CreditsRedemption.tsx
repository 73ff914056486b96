import { Head, router } from '@inertiajs/react';
import type { CreditsRedemptionProps, RedeemedJson } from '@contracts/crm-marketing';
import { farmApi } from '@/api/crm-marketing';
import { Button, Card, TextField } from '@/components/ui';
import { CampaignColumn } from '@/components/crm/CampaignFrame';
import { useApiForm } from '@/hooks/useApiForm';

/** Campaign/CreditsRedemption: a code from a realtor's mailer that grants image credits once (signed in). */
export default function CreditsRedemption({ code }: CreditsRedemptionProps) {
  const form = useApiForm<{ code: string }, RedeemedJson>(
    { code },
    { onSuccess: (r) => router.visit(r.redirect), errorFallback: 'Could not redeem the code' },
  );
  return (
    <CampaignColumn title="Redeem image credits" intro="Enter the code from your card or email.">
      <Head title="Redeem a code" />
      <Card>
        <form className="grid gap-3" onSubmit={form.handleSubmit((v) => farmApi.redeemCredits(v.code))}>
          <TextField
            label="Code"
            required
            {...form.field('code')}
            placeholder="XXXX-XXXX-XXXX"
            autoComplete="off"
            className="font-mono uppercase"
          />
          <Button type="submit" loading={form.processing}>
            Redeem
          </Button>
        </form>
      </Card>
    </CampaignColumn>
  );
}
