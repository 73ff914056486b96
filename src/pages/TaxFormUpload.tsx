import { Head } from '@inertiajs/react';
import { useState } from 'react';
import { affiliatesApi } from '@/api/affiliates';
import { TaxFormFields } from '@/components/affiliates/TaxFormFields';
import { Alert, Card } from '@/components/ui';
import type { PageProps } from '@/types';

interface Props {
  link_state: 'valid' | 'invalid' | 'expired';
  affiliate_name: string | null;
  expires: string;
  signature: string;
}

/** TaxFormUpload (public, from the signed link we mail): upload a tax form without signing in. */
export default function TaxFormUpload({ link_state, affiliate_name, expires, signature }: PageProps<Props>) {
  const [done, setDone] = useState(false);
  const affiliateId = typeof window === 'undefined' ? '' : window.location.pathname.split('/').pop()!;
  return (
    <>
      <Head title="Upload your tax form" />
      <Card title="Upload your tax form" className="mx-auto max-w-lg">
        {link_state !== 'valid' ? (
          <Alert variant="error" title={link_state === 'expired' ? 'This link has expired' : 'This link is not valid'}>
            Ask for a new link from your affiliate Documents page, or from the programme team.
          </Alert>
        ) : done ? (
          <Alert variant="success" title="Thank you">
            Your form is with our finance team. Payouts held for it are released once it is approved.
          </Alert>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
              For {affiliate_name}. PDF, JPEG or PNG, up to 10 MB.
            </p>
            <TaxFormFields
              upload={(kind, file) => affiliatesApi.uploadTaxFormByLink(affiliateId, expires, signature, kind, file)}
              onUploaded={() => setDone(true)}
            />
          </>
        )}
      </Card>
    </>
  );
}
