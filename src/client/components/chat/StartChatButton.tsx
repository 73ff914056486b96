import { router } from '@inertiajs/react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui';
import { chatPaths, chatsApi } from '@/api/chats';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import type { ListingCard } from '@contracts/chats';

export interface StartChatButtonProps extends Omit<ButtonProps, 'onClick'> {
  userId: string;
  /** From a listing page: shared as the first message. */
  listing?: { id: string } & Partial<ListingCard> & { title: string };
  message?: string;
}

/** For profiles and listings: opens (or starts, as a request) the chat with that user. */
export function StartChatButton({ userId, listing, message, children = 'Message', ...rest }: StartChatButtonProps) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const { id, ...snapshot } = listing ?? ({} as NonNullable<StartChatButtonProps['listing']>);
      const res = await chatsApi.start({
        user_id: userId,
        message,
        ...(listing ? { listing_id: id, listing: snapshot } : {}),
      });
      router.visit(chatPaths.open(res.chat.id));
    } catch (error) {
      notify.error(errorMessage(error, 'Could not start the chat'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...rest} loading={busy} onClick={start}>
      {children}
    </Button>
  );
}
