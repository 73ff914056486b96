import type {
  ChannelHistory,
  ChannelInviteePage,
  ChannelMemberPage,
  ChannelMessage,
  CommunityChannel,
} from '@contracts/channels';
import { Head } from '@inertiajs/react';
import { useState } from 'react';
import {
  channelApi,
  channelLive,
  channelPaths,
  type ChannelMessageEvent,
  type ChannelMessageRemovedEvent,
} from '@/api/channels';
import { ChannelInvitePanel } from '@/components/channels/ChannelInvitePanel';
import { ChannelMessageCard } from '@/components/channels/ChannelMessageCard';
import { ChannelPresence } from '@/components/channels/ChannelPresence';
import { useChannelPresence } from '@/components/channels/useChannelPresence';
import { GroupHeader, GroupMemberList, KeysetFooter, RichTextEditor } from '@/components/community';
import { Button } from '@/components/ui';
import { useChannel } from '@/echo';
import { useApiForm } from '@/hooks/useApiForm';
import { useKeysetList } from '@/hooks/useKeysetList';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';
import { actThenReload } from '@/lib/actions';

interface Props {
  channel: CommunityChannel;
  history: ChannelHistory;
  members: ChannelMemberPage;
  /** The owner's open invitations (null for everyone else). */
  invitees: ChannelInviteePage | null;
}

/**
 * A channel: what it is, its messages (live, newest first, "older" by keyset), writing one, subscribing, who is here
 * now (presence), an invitation to accept or decline, and the owner's invitations.
 */
export default function ChannelShow({ channel, history, members, invitees }: PageProps<Props>) {
  const user = useAuthUser();
  const feed = useKeysetList(
    history,
    (cursor) => channelApi.history(channel.id, cursor),
    'Could not load older messages',
  );
  const { items: messages, prepend: add, drop } = feed;
  const [editorKey, setEditorKey] = useState(0);
  const listening = !!user && (channel.visibility === 'public' || !!channel.my_role);
  useChannel(listening ? channelLive.channel(channel.id) : null, 'private', {
    [channelLive.message]: (e: ChannelMessageEvent) => add(e.message),
    [channelLive.removed]: (e: ChannelMessageRemovedEvent) => drop(e.id),
  });
  const here = useChannelPresence(channel.id, listening);
  const form = useApiForm<{ body_html: string }, { message: string; data: ChannelMessage }>(
    { body_html: '' },
    {
      successMessage: (r) => r.message,
      onSuccess: (r) => {
        add(r.data);
        form.reset();
        setEditorKey((k) => k + 1);
      },
    },
  );

  return (
    <>
      <Head title={channel.name} />
      <GroupHeader
        back={channelPaths.index}
        backLabel="Channels"
        group={channel}
        facts={
          <>
            {channel.visibility === 'private' ? 'Private' : 'Public'} ·{' '}
            {channel.posting === 'owner' ? 'Broadcast' : 'Discussion'} · {channel.members_count} subscribers · by{' '}
            {channel.owner.name}
          </>
        }
        join={
          user && !channel.my_role && !channel.invited
            ? { label: 'Subscribe', call: () => channelApi.join(channel.id), failure: 'Could not subscribe' }
            : null
        }
        leave={
          channel.my_role === 'member'
            ? { label: 'Unsubscribe', call: () => channelApi.leave(channel.id), failure: 'Could not leave' }
            : null
        }
      />
      {user && !channel.my_role && channel.invited && (
        <div
          role="status"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-card border border-brand-300 bg-surface-muted p-4 dark:border-brand-700"
        >
          <p className="text-sm text-ink">
            {channel.owner.name} invited you to this {channel.visibility === 'private' ? 'private ' : ''}channel.
          </p>
          <div className="flex gap-2">
            <Button onClick={() => void actThenReload(() => channelApi.join(channel.id), 'Could not accept')}>
              Accept
            </Button>
            <Button
              variant="secondary"
              onClick={() => void actThenReload(() => channelApi.decline(channel.id), 'Could not decline')}
            >
              Decline
            </Button>
          </div>
        </div>
      )}
      <div className="mt-6 grid gap-8 lg:grid-cols-3">
        <section className="space-y-4 lg:col-span-2" aria-label="Messages">
          {channel.can_post && (
            <form className="space-y-2" onSubmit={form.handleSubmit((v) => channelApi.send(channel.id, v.body_html))}>
              <RichTextEditor
                key={editorKey}
                id="message"
                label={channel.posting === 'owner' ? 'Broadcast to your subscribers' : 'Write to the channel'}
                minHeight="min-h-24"
                value={form.data.body_html}
                onChange={(html) => form.set('body_html', html)}
                error={form.errors.body_html}
              />
              <Button type="submit" loading={form.processing}>
                Send
              </Button>
            </form>
          )}
          <ul className="space-y-3">
            {messages.map((m) => (
              <li key={m.id}>
                <ChannelMessageCard
                  message={m}
                  canDelete={!!user && (user.id === m.author.id || channel.my_role === 'owner')}
                  onDeleted={drop}
                />
              </li>
            ))}
          </ul>
          <KeysetFooter list={feed} empty="No messages yet." older="Older messages" />
        </section>
        <aside className="min-w-0 space-y-6">
          {listening && <ChannelPresence here={here} />}
          {invitees && <ChannelInvitePanel channelId={channel.id} initial={invitees} />}
          <GroupMemberList
            id="subscribers"
            title="Subscribers"
            members={members}
            roleLabel={(role) => (role === 'owner' ? 'owner' : null)}
          />
        </aside>
      </div>
    </>
  );
}
