import { usePage } from '@inertiajs/react';
import { Alert } from '@/components/ui';

/** An inline success notice from the server's one-shot `status` flash (e.g. "link sent"). */
export function FlashStatus({ messages }: { messages?: Record<string, string> }) {
  const flash = (usePage().flash ?? {}) as Record<string, unknown>;
  const status = typeof flash.status === 'string' ? flash.status : null;
  if (!status) return null;
  return (
    <Alert variant="success" className="mb-5">
      {messages?.[status] ?? status}
    </Alert>
  );
}
