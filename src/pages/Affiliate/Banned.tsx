import { Head } from '@inertiajs/react';
import type { AffiliateJson } from '@contracts/affiliates';
import { Alert, Card } from '@/components/ui';
import type { PageProps } from '@/types';

/** Affiliate Banned: the reason, and what it means for links and earnings. */
export default function Banned({ affiliate }: PageProps<{ affiliate: AffiliateJson }>) {
  return (
    <>
      <Head title="Affiliate account suspended" />
      <Card title="Your affiliate account is suspended" className="mx-auto max-w-xl">
        <Alert variant="error" title="Reason">
          {affiliate.status_reason ?? 'A breach of the programme guidelines.'}
        </Alert>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          Your links no longer track visits, unpaid commissions are on hold as cancelled, and transfers not yet sent
          were stopped. If the suspension is lifted, every commission it cancelled is restored exactly as it was. Reply
          to the email we sent you to appeal.
        </p>
      </Card>
    </>
  );
}
