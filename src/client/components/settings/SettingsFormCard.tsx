import type { FormEvent, ReactNode } from 'react';
import { Card } from '@/components/ui';
import { SaveBar } from './SaveBar';

/**
 * A settings page's form: one Card with a title and description whose footer is the SaveBar ("Saved." after a
 * success). `submit` runs on submit (the browser's own submit is prevented), e.g. `() => form.put(url, ...)`.
 */
export function SettingsFormCard({
  form,
  submit,
  title,
  description,
  saveLabel,
  padded,
  children,
}: {
  form: { processing: boolean; recentlySuccessful: boolean };
  submit: () => void;
  title: ReactNode;
  description: ReactNode;
  saveLabel?: string;
  padded?: boolean;
  children: ReactNode;
}) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  return (
    <form onSubmit={onSubmit}>
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
