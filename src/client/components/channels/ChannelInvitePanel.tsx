import type { ChannelInviteCandidate, ChannelInviteePage } from '@contracts/channels';
import { useEffect, useState } from 'react';
import { channelApi } from '@/api/channels';
import { AuthorLine } from '@/components/community';
import { Button, FormField, Input } from '@/components/ui';
import { useDebounced } from '@/hooks/useDebounced';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

const STATUS: Record<'member' | 'invited', string> = { member: 'Member', invited: 'Invited' };

/**
 * The owner's invitations: find people by handle or name (or type a full @handle), invite them, and see and
 * withdraw the invitations nobody has answered yet.
 */
export function ChannelInvitePanel({ channelId, initial }: { channelId: string; initial: ChannelInviteePage }) {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 300);
  const [found, setFound] = useState<ChannelInviteCandidate[]>([]);
  const [pending, setPending] = useState(initial);
  const { running: busy, attempt } = useAttempt();

  useEffect(() => {
    if (query.replace(/^@/, '').length < 2) {
      setFound([]);
      return;
    }
    let live = true;
    channelApi
      .candidates(channelId, query)
      .then((r) => live && setFound(r.data))
      .catch((e) => live && notify.error(errorMessage(e, 'Could not search people')));
    return () => {
      live = false;
    };
  }, [channelId, query]);

  const run = async (key: string, work: () => Promise<{ message: string }>) => {
    await attempt(
      async () => {
        notify.success((await work()).message);
        setPending(await channelApi.invitees(channelId));
        if (query) setFound((await channelApi.candidates(channelId, query)).data);
      },
      'That did not work',
      key,
    );
  };

  const exactHandle = /^@[\w.-]{2,40}$/.test(text.trim()) ? text.trim() : null;
  return (
    <section aria-labelledby="invite-people" className="space-y-3">
      <h2 id="invite-people" className="text-title font-semibold text-ink">
        Invite people
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (exactHandle) void run('handle', () => channelApi.invite(channelId, { handle: exactHandle }));
        }}
      >
        <FormField label="Handle or name" name="invite-search">
          <Input
            type="search"
            autoComplete="off"
            placeholder="@handle or name"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </FormField>
        {exactHandle && (
          <Button type="submit" size="sm" className="mt-2" loading={busy === 'handle'}>
            Invite {exactHandle}
          </Button>
        )}
      </form>
      {found.length > 0 && (
        <ul className="space-y-2" aria-label="People found">
          {found.map((c) => (
            <li key={c.user.id} className="flex items-center justify-between gap-2">
              <div className="min-w-0">
                <AuthorLine author={c.user} at={null} />
                {c.user.handle && <p className="truncate pl-10 text-xs text-ink-subtle">@{c.user.handle}</p>}
              </div>
              {c.status ? (
                <span className="text-xs text-ink-subtle">{STATUS[c.status]}</span>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={busy === c.user.id}
                  onClick={() => void run(c.user.id, () => channelApi.invite(channelId, { user_id: c.user.id }))}
                >
                  Invite
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="pt-2 text-sm font-semibold text-ink">Waiting for an answer ({pending.total})</h3>
      {pending.data.length === 0 ? (
        <p className="text-sm text-ink-muted">No open invitations.</p>
      ) : (
        <ul className="space-y-2">
          {pending.data.map((i) => (
            <li key={i.user.id} className="flex items-center justify-between gap-2">
              <AuthorLine author={i.user} at={i.invited_at} />
              <Button
                size="sm"
                variant="ghost"
                loading={busy === `w:${i.user.id}`}
                onClick={() => void run(`w:${i.user.id}`, () => channelApi.withdraw(channelId, i.user.id))}
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
