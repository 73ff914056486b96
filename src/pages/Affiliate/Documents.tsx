import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { AffiliateJson, BalanceJson, TaxFormJson } from '@contracts/affiliates';
import { affiliatesApi } from '@/api/affiliates';
import { AffiliateNav, StatusBadge, TaxFormLink } from '@/components/affiliates/parts';
import { TaxFormFields } from '@/components/affiliates/TaxFormFields';
import { Alert, Card, DividedList, EmptyState } from '@/components/ui';
import type { PageProps } from '@/types';

/** Affiliate Documents: tax forms (W-9 / W-8BEN), private to you and the programme's admins. */
export default function Documents({
  tax_forms,
  balance,
}: PageProps<{ affiliate: AffiliateJson; tax_forms: TaxFormJson[]; balance: BalanceJson }>) {
  const [forms, setForms] = useState(tax_forms);
  return (
    <>
      <Head title="Affiliate documents" />
      <h1 className="mb-4 text-2xl font-semibold text-slate-900 dark:text-white">Documents</h1>
      <AffiliateNav />
      {balance.hold_reason?.includes('tax form') && (
        <Alert variant="warning" title="A tax form is needed" className="mb-4">
          {balance.hold_reason}
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card
          title="Upload a tax form"
          description="PDF, JPEG or PNG, up to 10 MB. Only you and our finance admins can open it."
        >
          <TaxFormFields
            upload={(kind, file) => affiliatesApi.uploadTaxForm(kind, file)}
            onUploaded={(form) => setForms((f) => [form, ...f])}
          />
        </Card>
        <Card title="Your forms">
          <DividedList items={forms} empty={<EmptyState title="No forms yet" />} className="text-sm">
            {(f) => (
              <li key={f.id} className="flex items-center justify-between py-2">
                <TaxFormLink form={f} />
                <StatusBadge status={f.status} />
              </li>
            )}
          </DividedList>
        </Card>
      </div>
    </>
  );
}
