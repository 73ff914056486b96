import { router } from '@inertiajs/react';
import { Button, type ButtonProps } from '@/components/ui';
import { chatPaths, chatsApi } from '@/api/chats';
import type { ListingCard } from '@contracts/chats';
import { useAttempt } from '@/hooks/useAttempt';

export interface StartChatButtonProps extends Omit<ButtonProps, 'onClick'> {
  userId: string;
  /** From a listing page: shared as the first message. */
  listing?: { id: string } & Partial<ListingCard> & { title: string };
  message?: string;
}

/** For profiles and listings: opens (or starts, as a request) the chat with that user. */
export function StartChatButton({ userId, listing, message, children = 'Message', ...rest }: StartChatButtonProps) {
  const { busy, attempt } = useAttempt();
  const start = async () => {
    await attempt(async () => {
      const { id, ...snapshot } = listing ?? ({} as NonNullable<StartChatButtonProps['listing']>);
      const res = await chatsApi.start({
        user_id: userId,
        message,
        ...(listing ? { listing_id: id, listing: snapshot } : {}),
      });
      router.visit(chatPaths.open(res.chat.id));
    }, 'Could not start the chat');
  };
  return (
    <Button {...rest} loading={busy} onClick={start}>
      {children}
    </Button>
  );
}
