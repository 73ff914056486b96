import { router } from '@inertiajs/react';
import { useState } from 'react';
import { collectionsApi, type CollectionDetail, type CollectionRole } from '@/api/collections';
import { Button, Card, Input, Select } from '@/components/ui';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

/** The owner's sharing panel: people (view or edit) and the revocable link. */
export function CollectionSharing({ collection }: { collection: CollectionDetail }) {
  const [who, setWho] = useState('');
  const [role, setRole] = useState<CollectionRole>('view');
  const { busy, attempt } = useAttempt();
  const run = async (call: () => Promise<unknown>, done: string) => {
    await attempt(async () => {
      await call();
      notify.success(done);
      router.reload({ only: ['collection'] });
    }, 'Could not change sharing');
  };
  return (
    <Card
      title="Sharing"
      description="People you add see every listing and comment; sharing with your realtor shows them what you saved."
    >
      <div className="space-y-3 text-sm">
        <ul className="space-y-1">
          {collection.members.map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-2 text-ink">
              <span>
                {m.name} <span className="text-ink-muted">({m.role === 'edit' ? 'can edit' : 'can view'})</span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                loading={busy}
                onClick={() => run(() => collectionsApi.removeMember(collection.id, m.id), 'No longer shared')}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <form
          className="flex flex-wrap gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => collectionsApi.addMember(collection.id, who, role), 'Shared').then(() => setWho(''));
          }}
        >
          <Input
            aria-label="Email or handle"
            placeholder="Email or @handle"
            value={who}
            onChange={(e) => setWho(e.target.value)}
            className="min-w-40 flex-1"
          />
          <Select
            aria-label="Access"
            value={role}
            onChange={(e) => setRole(e.target.value as CollectionRole)}
            options={[
              { value: 'view', label: 'Can view' },
              { value: 'edit', label: 'Can edit' },
            ]}
          />
          <Button type="submit" variant="secondary" loading={busy} disabled={!who.trim()}>
            Share
          </Button>
        </form>
        <div className="flex flex-wrap items-center gap-2">
          {collection.share_url ? (
            <>
              <Input aria-label="Share link" readOnly value={collection.share_url} className="min-w-40 flex-1" />
              <Button
                size="sm"
                variant="ghost"
                loading={busy}
                onClick={() => run(() => collectionsApi.revokeShare(collection.id), 'Link turned off')}
              >
                Turn off link
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              loading={busy}
              onClick={() => run(() => collectionsApi.share(collection.id), 'Anyone with the link can now view')}
            >
              Create a view-only link
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
