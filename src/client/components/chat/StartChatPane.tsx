import { useState, type FormEvent } from 'react';
import { Avatar } from '@/components/Avatar';
import { Button, Input } from '@/components/ui';
import { chatsApi } from '@/api/chats';
import { chatsStore } from '@/stores/chats';
import type { Chat } from '@contracts/chats';
import { useAttempt } from '@/hooks/useAttempt';

export interface ChatRecipient {
  id: string;
  name: string;
}

/** "Message" from a profile with no chat yet: write the first message; the chat starts when it is sent. */
export function StartChatPane({
  recipient,
  onStarted,
  onCancel,
}: {
  recipient: ChatRecipient;
  onStarted: (chat: Chat) => void;
  onCancel: () => void;
}) {
  const [message, setMessage] = useState('');
  const { busy, attempt } = useAttempt();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!message.trim()) return;
    await attempt(async () => {
      const res = await chatsApi.start({ user_id: recipient.id, message: message.trim() });
      chatsStore.add(res.chat);
      onStarted(res.chat);
    }, 'Could not start the chat');
  };

  return (
    <section aria-label={`New chat with ${recipient.name}`} className="flex h-full flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <Avatar name={recipient.name} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-ink">{recipient.name}</h2>
          <p className="text-xs text-ink-subtle">New conversation</p>
        </div>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </header>
      <div className="flex flex-1 items-center justify-center p-6 text-center text-sm text-slate-500 dark:text-slate-400">
        Say hello to {recipient.name}. They can reply once they accept your request.
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 p-3 dark:border-slate-800">
        <Input
          aria-label="First message"
          placeholder={`Message ${recipient.name}`}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={5000}
          autoFocus
        />
        <Button type="submit" loading={busy} disabled={!message.trim()}>
          Send
        </Button>
      </form>
    </section>
  );
}
