import type { TrustStanding } from '@contracts/community';
import type { ReactNode } from 'react';
import { Button, Card, FormField, Input } from '@/components/ui';
import type { useApiForm } from '@/hooks/useApiForm';

type GroupForm = ReturnType<typeof useApiForm<{ name: string; description: string }>>;

/**
 * "Start a society / channel": name and description, the kind's own fields (`children`), and the trust gate.
 * Creating either needs trust level 2; below it the card says where the reader stands and how to get there.
 */
export function StartGroupCard({
  title,
  action,
  trust,
  allowed,
  form,
  onSubmit,
  children,
}: {
  title: string;
  /** How the gate sentence starts, e.g. "Starting a channel". */
  action: string;
  trust: TrustStanding;
  allowed: boolean;
  form: Pick<GroupForm, 'errors' | 'processing' | 'field'>;
  onSubmit: (event: React.FormEvent) => void;
  children?: ReactNode;
}) {
  return (
    <Card title={title}>
      {allowed ? (
        <form className="space-y-3" onSubmit={onSubmit}>
          <FormField label="Name" name="name" error={form.errors.name}>
            <Input {...form.field('name')} maxLength={80} />
          </FormField>
          <FormField label="What it is about" name="description" error={form.errors.description}>
            <Input {...form.field('description')} maxLength={1000} />
          </FormField>
          {children}
          <Button type="submit" loading={form.processing}>
            Create
          </Button>
        </form>
      ) : (
        <p className="text-sm text-ink-muted">
          {action} needs trust level 2 (member). You are at level {trust.level} ({trust.name}): visit, read and like
          posts to get there.
        </p>
      )}
    </Card>
  );
}
