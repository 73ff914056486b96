import { useState } from 'react';
import type { TaxFormJson } from '@contracts/affiliates';
import { Button, FileField, SelectField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';

/** The tax-form upload, shared by the Documents page and the public signed-link page. */
export function TaxFormFields({
  upload,
  onUploaded,
}: {
  upload: (kind: string, file: File) => Promise<{ tax_form: TaxFormJson }>;
  onUploaded: (form: TaxFormJson) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const form = useApiForm(
    { kind: 'w9' },
    {
      successMessage: 'Form uploaded: we will review it shortly.',
      onSuccess: ({ tax_form }: { tax_form: TaxFormJson }) => onUploaded(tax_form),
    },
  );
  return (
    <form onSubmit={form.handleSubmit((values) => upload(values.kind, file!))} className="space-y-4">
      <SelectField
        label="Form"
        options={[
          { value: 'w9', label: 'W-9 (US persons)' },
          { value: 'w8ben', label: 'W-8BEN (everyone else)' },
        ]}
        {...form.field('kind')}
      />
      <FileField
        label="Signed form"
        name="file"
        error={form.errors.file}
        accept="application/pdf,image/jpeg,image/png"
        onFile={setFile}
      />
      <Button type="submit" loading={form.processing} disabled={!file}>
        Upload
      </Button>
    </form>
  );
}
