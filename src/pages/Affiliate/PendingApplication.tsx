import { Head } from '@inertiajs/react';
import type { AffiliateJson } from '@contracts/affiliates';
import { affiliatePaths } from '@/api/affiliates';
import { Alert, ButtonLink, Card } from '@/components/ui';
import type { PageProps } from '@/types';

/** Affiliate PendingApplication: where an application stands (pending, or rejected with the reason). */
export default function PendingApplication({ affiliate }: PageProps<{ affiliate: AffiliateJson }>) {
  const rejected = affiliate.status === 'rejected';
  return (
    <>
      <Head title="Your affiliate application" />
      <Card title="Your affiliate application" className="mx-auto max-w-xl">
        {rejected ? (
          <Alert variant="error" title="Your application was declined">
            {affiliate.status_reason ?? 'It did not meet the programme guidelines.'}
          </Alert>
        ) : (
          <Alert variant="info" title="We are reviewing your application">
            Applications are usually reviewed within two working days. You will get a notification and an email as soon
            as it is decided.
          </Alert>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-500">Applied</dt>
          <dd className="text-slate-900 dark:text-white">{new Date(affiliate.created_at).toLocaleDateString()}</dd>
          <dt className="text-slate-500">Your code</dt>
          <dd className="font-mono text-slate-900 dark:text-white">{affiliate.code}</dd>
        </dl>
        <div className="mt-4">
          <ButtonLink href={affiliatePaths.landing} variant="secondary">
            About the programme
          </ButtonLink>
        </div>
      </Card>
    </>
  );
}
