import type { ChannelMessage, CommunityChannel } from '@contracts/channels';
import { Head, Link, router } from '@inertiajs/react';
import { channelPaths } from '@/api/channels';
import { ChannelMessageCard } from '@/components/channels/ChannelMessageCard';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';

/** One channel message on its own page: the deep link from notifications and email. */
export default function MessageShow({
  message,
  channel,
}: PageProps<{ message: ChannelMessage; channel: CommunityChannel }>) {
  const user = useAuthUser();
  return (
    <>
      <Head title={`Message in ${channel.name}`} />
      <Link href={channelPaths.show(channel.id)} className="text-sm text-accent-ink">
        ← {channel.name}
      </Link>
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
