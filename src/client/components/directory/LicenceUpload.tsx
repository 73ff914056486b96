import type { ServiceProviderDetail } from '@contracts/directory';
import { useRef } from 'react';
import { directoryApi } from '@/api/directory';
import { Button } from '@/components/ui';
import { useAttempt } from '@/hooks/useAttempt';
import { notify } from '@/lib/toast';

/** The provider's licence document (PDF, JPEG or PNG up to 10 MB) for an admin to check; a new one drops the badge. */
export function LicenceUpload({
  provider,
  onSaved,
}: {
  provider: ServiceProviderDetail;
  onSaved: (p: ServiceProviderDetail) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { busy, attempt } = useAttempt();
  const doc = provider.licence_document;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    await attempt(async () => {
      const r = await directoryApi.uploadLicence(file);
      notify.success(r.message);
      onSaved(r.provider);
    }, 'Could not upload the licence');
    if (input.current) input.current.value = '';
  };
  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-muted">
        {doc ? (
          <>
            Licence document uploaded {new Date(doc.uploaded_at).toLocaleDateString()} ·{' '}
            <a href={doc.url} target="_blank" rel="noreferrer" className="text-accent-ink">
              view
            </a>
            {provider.verified ? ' · verified' : ' · waiting for an admin'}
          </>
        ) : (
          'Upload your licence (PDF, JPEG or PNG, up to 10 MB) to earn the verified badge.'
        )}
      </p>
      <input
        ref={input}
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        className="sr-only"
        aria-label="Licence document"
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <Button type="button" variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
        {doc ? 'Replace document' : 'Upload licence'}
      </Button>
    </div>
  );
}
