import type { ChannelMessage, CommunityChannel } from '@contracts/channels';
import { Head, router } from '@inertiajs/react';
import { channelPaths } from '@/api/channels';
import { ChannelMessageCard } from '@/components/channels/ChannelMessageCard';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';
import { BackLink } from '@/components/ui';

/** One channel message on its own page: the deep link from notifications and email. */
export default function MessageShow({
  message,
  channel,
}: PageProps<{ message: ChannelMessage; channel: CommunityChannel }>) {
  const user = useAuthUser();
  return (
    <>
      <Head title={`Message in ${channel.name}`} />
      <BackLink href={channelPaths.show(channel.id)}>{channel.name}</BackLink>
      <div className="mx-auto mt-4 max-w-2xl">
        <ChannelMessageCard
          message={message}
          canDelete={!!user && (user.id === message.author.id || channel.my_role === 'owner')}
          onDeleted={() => router.visit(channelPaths.show(channel.id))}
        />
      </div>
    </>
  );
}
