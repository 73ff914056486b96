import { useEffect } from 'react';
import { useChannel } from '@/echo';
import { useAuthUser } from '@/hooks/useSharedProps';
import { chatsStore, useChatsState } from '@/stores/chats';
import { chatsIn } from '@/stores/chats-rules';
import type { ChatTab } from '@contracts/chats';

/**
 * Feeds the chats store from the user's private channel (mounted once, by the layout's bell)
 * and loads the unread total (0 when that fails); after every reconnect the store catches up
 * on what was pushed meanwhile (`resync`).
 */
export function useChatsLive(): void {
  const user = useAuthUser();
  useEffect(() => {
    chatsStore.setMe(user?.id ?? null);
    if (user) void chatsStore.loadUnread();
  }, [user?.id]);
  useChannel(
    user ? `App.Models.User.${user.id}` : null,
    'private',
    {
      '.message.sent': chatsStore.live.messageSent,
      '.chat.created': chatsStore.live.chatCreated,
      '.chat.request.answered': chatsStore.live.requestAnswered,
      '.chat.settings': chatsStore.live.settings,
      '.chat.left': chatsStore.live.left,
      '.chat.read': chatsStore.live.read,
    },
    chatsStore.resync,
  );
}

export function useChatUnreadCount(): number {
  return useChatsState((s) => s.unreadCount);
}

export function useChatList(tab: ChatTab) {
  const chats = useChatsState((s) => s.chats);
  const me = useChatsState((s) => s.me);
  const paging = useChatsState((s) => s.paging[tab]);
  return { chats: chatsIn({ ...chatsStore.getState(), chats, me }, tab), paging };
}
