import type { ChannelMessage } from '@contracts/channels';
import { Link } from '@inertiajs/react';
import { channelApi, channelPaths } from '@/api/channels';
import { AuthorLine, FlagButton, ModerationNotice, RichText } from '@/components/community';
import { Button } from '@/components/ui';
import { useAuthUser } from '@/hooks/useSharedProps';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

/** One channel message: author, time (a link to the message's own page), body, flag and delete. */
export function ChannelMessageCard({
  message,
  canDelete,
  onDeleted,
}: {
  message: ChannelMessage;
  canDelete: boolean;
  onDeleted?: (id: string) => void;
}) {
  const { attempt } = useAttempt();
  const user = useAuthUser();
  const remove = async () => {
    await attempt(async () => {
      await channelApi.remove(message.id);
      notify.success('Message deleted');
      onDeleted?.(message.id);
    }, 'Could not delete the message');
  };
  return (
    <article className="rounded-card border border-line bg-surface p-4 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AuthorLine author={message.author} at={message.created_at} />
        <div className="flex items-center gap-2">
          <Link href={channelPaths.message(message.id)} className="text-xs text-accent-ink">
            Link
          </Link>
          {user && user.id !== message.author.id && (
            <FlagButton onFlag={(reason) => channelApi.flag(message.id, reason)} />
          )}
          {canDelete && (
            <Button variant="ghost" size="sm" onClick={() => void remove()}>
              Delete
            </Button>
          )}
        </div>
      </div>
      <ModerationNotice state={message.moderation} />
      <RichText html={message.body_html} className="mt-2" />
    </article>
  );
}
