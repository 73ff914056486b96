import type { FormEvent, ReactNode } from 'react';
import { Card } from '@/components/ui';
import { SaveBar } from './SaveBar';

type SaveOptions = { onSuccess?: () => void; onError?: () => void };

/**
 * A settings page's form: one Card with a title and description whose footer is the SaveBar ("Saved." after a
 * success). Submitting PUTs the Inertia form to `put`, keeping the scroll position.
 */
export function SettingsFormCard({
  form,
  put,
  options,
  title,
  description,
  saveLabel,
  padded,
  children,
}: {
  form: {
    processing: boolean;
    recentlySuccessful: boolean;
    put: (url: string, options: SaveOptions & { preserveScroll: true }) => void;
  };
  put: string;
  options?: SaveOptions;
  title: ReactNode;
  description: ReactNode;
  saveLabel?: string;
  padded?: boolean;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put(put, { preserveScroll: true, ...options });
  };
  return (
    <form onSubmit={submit}>
      <Card
        title={title}
        description={description}
        padded={padded}
        footer={<SaveBar processing={form.processing} saved={form.recentlySuccessful} label={saveLabel} />}
      >
        {children}
      </Card>
    </form>
  );
}
