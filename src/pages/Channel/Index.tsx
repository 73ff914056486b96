import type {
  ChannelInvitationPage,
  ChannelPage,
  ChannelPosting,
  ChannelVisibility,
  CommunityChannel,
} from '@contracts/channels';
import type { TrustStanding } from '@contracts/community';
import { Head, Link, router } from '@inertiajs/react';
import { channelApi, channelPaths, type ChannelDraft } from '@/api/channels';
import { ChannelInvitations } from '@/components/channels/ChannelInvitations';
import { EmptyState, FormField, Pagination, Select } from '@/components/ui';
import { StartGroupCard } from '@/components/community/StartGroupCard';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

function ChannelCard({ c }: { c: CommunityChannel }) {
  return (
    <li>
      <Link
        href={channelPaths.show(c.id)}
        className="block h-full rounded-card border border-line bg-surface p-4 shadow-card hover:border-brand-400"
      >
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold text-ink">{c.name}</h3>
          <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs text-ink-muted">
            {c.posting === 'owner' ? 'Broadcast' : 'Discussion'}
          </span>
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-ink-muted">{c.description}</p>
        <p className="mt-2 text-xs text-ink-subtle">
          by {c.owner.name} · {c.members_count} subscribers · {c.messages_count} messages
          {c.my_role ? ` · you: ${c.my_role}` : ''}
        </p>
      </Link>
    </li>
  );
}

/** Channels: public ones to browse and subscribe to, yours, and starting one (trust level 2). */
export default function ChannelIndex({
  channels,
  mine,
  trust,
  invitations,
}: PageProps<{
  channels: ChannelPage;
  mine: ChannelPage | null;
  trust: TrustStanding | null;
  invitations: ChannelInvitationPage | null;
}>) {
  const form = useApiForm<ChannelDraft, { channel: CommunityChannel }>(
    { name: '', description: '', visibility: 'public', posting: 'owner' },
    { successMessage: 'Channel created', onSuccess: (r) => router.visit(channelPaths.show(r.channel.id)) },
  );
  return (
    <>
      <Head title="Channels" />
      <h1 className="text-headline font-semibold text-ink">Channels</h1>
      <p className="mb-6 text-sm text-ink-muted">Follow creators' broadcasts and join live discussions.</p>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="browse">
          <h2 id="browse" className="mb-3 text-title font-semibold text-ink">
            Public channels
          </h2>
          {channels.data.length === 0 ? (
            <EmptyState title="No channels yet" description="Start the first one." />
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {channels.data.map((c) => (
                <ChannelCard key={c.id} c={c} />
              ))}
            </ul>
          )}
          <div className="mt-4">
            <Pagination currentPage={channels.current_page} lastPage={channels.last_page} hrefFor={channelPaths.page} />
          </div>
        </section>
        <aside className="min-w-0 space-y-6">
          {invitations && <ChannelInvitations invitations={invitations} />}
          {mine && (
            <section aria-labelledby="mine">
              <h2 id="mine" className="mb-3 text-title font-semibold text-ink">
                Yours
              </h2>
              {mine.data.length ? (
                <ul className="space-y-3">
                  {mine.data.map((c) => (
                    <ChannelCard key={c.id} c={c} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-ink-muted">Subscribe to a channel to see it here.</p>
              )}
            </section>
          )}
          {trust && (
            <StartGroupCard
              title="Start a channel"
              action="Starting a channel"
              trust={trust}
              allowed={trust.can.create_channel}
              form={form}
              onSubmit={form.handleSubmit((v) => channelApi.create(v))}
            >
              <FormField label="Who can read" name="visibility" error={form.errors.visibility}>
                <Select
                  options={[
                    { value: 'public', label: 'Anyone' },
                    { value: 'private', label: 'Invited people only' },
                  ]}
                  value={form.data.visibility}
                  onChange={(e) => form.set('visibility', e.target.value as ChannelVisibility)}
                />
              </FormField>
              <FormField label="Who can write" name="posting" error={form.errors.posting}>
                <Select
                  options={[
                    { value: 'owner', label: 'Only me (broadcast)' },
                    { value: 'members', label: 'Every subscriber (discussion)' },
                  ]}
                  value={form.data.posting}
                  onChange={(e) => form.set('posting', e.target.value as ChannelPosting)}
                />
              </FormField>
            </StartGroupCard>
          )}
        </aside>
      </div>
    </>
  );
}
