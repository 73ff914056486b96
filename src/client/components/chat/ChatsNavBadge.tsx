import { useChatUnreadCount } from '@/hooks/useChats';

/** Unread chat messages beside the Chats nav item (nothing when 0). */
export function ChatsNavBadge() {
  const count = useChatUnreadCount();
  if (count <= 0) return null;
  return (
    <span
      data-testid="chats-unread-badge"
      aria-label={`${count} unread ${count === 1 ? 'message' : 'messages'}`}
      title={`${count} unread ${count === 1 ? 'message' : 'messages'}`}
      className="ml-1 inline-flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold leading-4 text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
