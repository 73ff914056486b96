import { useState, type FormEvent } from 'react';
import { Button, Input } from '@/components/ui';
import { chatsApi } from '@/api/chats';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { chatsStore } from '@/stores/chats';
import type { Chat } from '@contracts/chats';

/** Start (or reopen) a chat by @handle, with an optional first message. */
export function NewChatForm({ onStarted }: { onStarted: (chat: Chat) => void }) {
  const [open, setOpen] = useState(false);
  const [handle, setHandle] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await chatsApi.start({ handle, message: message.trim() || undefined });
      chatsStore.add(res.chat);
      onStarted(res.chat);
      setHandle('');
      setMessage('');
      setOpen(false);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setError(fields.handle || fields.user_id || errorMessage(err, 'Could not start the chat'));
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div className="px-3 pb-1">
        <Button size="sm" variant="secondary" fullWidth onClick={() => setOpen(true)}>
          New chat
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-2 px-3 pb-2" aria-label="New chat">
      <Input
        aria-label="Handle"
        placeholder="@handle"
        value={handle}
        onChange={(e) => setHandle(e.target.value)}
        invalid={!!error}
        required
        autoFocus
      />
      <Input
        aria-label="First message"
        placeholder="Say hello (optional)"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={5000}
      />
      {error && <p className="text-xs text-red-600 dark:text-red-400">{error}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={busy}>
          Send request
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
