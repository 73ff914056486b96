import { Avatar } from '@/components/Avatar';
import { cn } from '@/lib/cn';
import { chatTitle } from '@/stores/chats-rules';
import type { Chat } from '@contracts/chats';

function preview(chat: Chat): string {
  const m = chat.last_message;
  if (!m) return chat.accepted ? 'No messages yet' : 'Chat request';
  if (m.type === 'image') return 'Photo';
  if (m.type === 'sticker') return `Sticker: ${m.data.sticker?.name ?? ''}`;
  if (m.type === 'listing') return `Listing: ${m.data.listing?.title ?? ''}`;
  return m.content;
}

export function ChatList({
  chats,
  me,
  activeId,
  onOpen,
}: {
  chats: Chat[];
  me: string | null;
  activeId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="divide-y divide-line" data-testid="chat-list">
      {chats.map((chat) => {
        const other = chat.users.find((u) => u.id !== me) ?? chat.users[0];
        const title = chatTitle(chat, me);
        return (
          <li key={chat.id}>
            <button
              type="button"
              onClick={() => onOpen(chat.id)}
              data-chat-id={chat.id}
              className={cn(
                'flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800/60',
                activeId === chat.id && 'bg-brand-50 dark:bg-brand-950/50',
              )}
            >
              <Avatar name={other?.name ?? title} url={other?.avatarUrl} size="md" />
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', chat.unread_count > 0 ? 'font-semibold' : 'font-medium')}>
                    {title}
                  </span>
                  {chat.last_message_at && (
                    <span className="shrink-0 text-[11px] text-slate-400">
                      {new Date(chat.last_message_at).toLocaleDateString()}
                    </span>
                  )}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-xs text-slate-500 dark:text-slate-400">{preview(chat)}</span>
                  {chat.unread_count > 0 && (
                    <span
                      data-testid="chat-unread"
                      className="shrink-0 rounded-full bg-brand-600 px-1.5 text-[10px] font-semibold leading-4 text-white"
                    >
                      {chat.unread_count}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
