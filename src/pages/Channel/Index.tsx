import type {
  ChannelInvitationPage,
  ChannelPage,
  ChannelPosting,
  ChannelVisibility,
  CommunityChannel,
} from '@contracts/channels';
import type { TrustStanding } from '@contracts/community';
import { Head, router } from '@inertiajs/react';
import { channelApi, channelPaths, type ChannelDraft } from '@/api/channels';
import { ChannelInvitations } from '@/components/channels/ChannelInvitations';
import { CardBadge, LinkCard, SelectField } from '@/components/ui';
import { GroupDirectory } from '@/components/community/GroupDirectory';
import { StartGroupCard } from '@/components/community/StartGroupCard';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

const READERS: Array<{ value: ChannelVisibility; label: string }> = [
  { value: 'public', label: 'Anyone' },
  { value: 'private', label: 'Invited people only' },
];
const WRITERS: Array<{ value: ChannelPosting; label: string }> = [
  { value: 'owner', label: 'Only me (broadcast)' },
  { value: 'members', label: 'Every subscriber (discussion)' },
];

function channelCard(c: CommunityChannel) {
  return (
    <LinkCard
      key={c.id}
      href={channelPaths.show(c.id)}
      title={c.name}
      badge={<CardBadge>{c.posting === 'owner' ? 'Broadcast' : 'Discussion'}</CardBadge>}
      description={c.description}
      meta={`by ${c.owner.name} · ${c.members_count} subscribers · ${c.messages_count} messages${c.my_role ? ` · you: ${c.my_role}` : ''}`}
    />
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
      <GroupDirectory
        title="Channels"
        intro="Follow creators' broadcasts and join live discussions."
        browseTitle="Public channels"
        empty="No channels yet"
        groups={channels}
        pageHref={channelPaths.page}
        card={channelCard}
        invitations={invitations && <ChannelInvitations invitations={invitations} />}
        mine={mine}
        mineEmpty="Subscribe to a channel to see it here."
        start={
          trust && (
            <StartGroupCard
              title="Start a channel"
              action="Starting a channel"
              trust={trust}
              allowed={trust.can.create_channel}
              form={form}
              onSubmit={form.handleSubmit((v) => channelApi.create(v))}
            >
              <SelectField label="Who can read" options={READERS} {...form.field('visibility')} />
              <SelectField label="Who can write" options={WRITERS} {...form.field('posting')} />
            </StartGroupCard>
          )
        }
      />
    </>
  );
}
