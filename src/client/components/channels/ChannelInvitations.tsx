import type { ChannelInvitationPage } from '@contracts/channels';
import { Link } from '@inertiajs/react';
import { useState } from 'react';
import { channelApi, channelPaths } from '@/api/channels';
import { Button } from '@/components/ui';
import { actThenReload } from '@/lib/actions';

/** The signed-in user's open channel invitations, each to accept (subscribe) or decline. */
export function ChannelInvitations({ invitations }: { invitations: ChannelInvitationPage }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (invitations.total === 0) return null;
  const answer = async (id: string, work: () => Promise<{ message: string }>) => {
    setBusy(id);
    await actThenReload(work, 'That did not work');
    setBusy(null);
  };
  return (
    <section aria-labelledby="invitations">
      <h2 id="invitations" className="mb-3 text-title font-semibold text-ink">
        Invitations ({invitations.total})
      </h2>
      <ul className="space-y-3">
        {invitations.data.map(({ channel, invited_by }) => (
          <li key={channel.id} className="rounded-card border border-line bg-surface p-3 shadow-card">
            <Link href={channelPaths.show(channel.id)} className="font-semibold break-words text-accent-ink">
              {channel.name}
            </Link>
            <p className="text-xs text-ink-subtle">
              {channel.visibility === 'private' ? 'Private' : 'Public'} · from {invited_by?.name ?? channel.owner.name}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                size="sm"
                loading={busy === channel.id}
                onClick={() => void answer(channel.id, () => channelApi.join(channel.id))}
              >
                Accept
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy === channel.id}
                onClick={() => void answer(channel.id, () => channelApi.decline(channel.id))}
              >
                Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
