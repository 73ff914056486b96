import { CameraIcon } from '@/components/icons';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Avatar } from '@/components/Avatar';
import { Button, Spinner } from '@/components/ui';
import { useAuthUser } from '@/hooks/useSharedProps';
import { notify } from '@/lib/toast';
import { chatsStore, useChatsState } from '@/stores/chats';
import { chatTitle } from '@/stores/chats-rules';
import type { Chat } from '@contracts/chats';
import { ConfirmDialog } from './ConfirmDialog';
import { MessageBubble } from './MessageBubble';
import { StickerPicker } from './StickerPicker';
import { useChatPresence } from './useChatPresence';

/** The action being confirmed, with the settings as they were when it was asked (the dialog's words stay put). */
type Action = { kind: 'mute' | 'block' | 'leave'; muted: boolean; blocked: boolean } | null;

/** The open chat: live messages, history on scroll up, typing/online, request answer, actions. */
export function ChatView({ chat, onBack, onGone }: { chat: Chat; onBack: () => void; onGone: () => void }) {
  const user = useAuthUser();
  const me = user?.id ?? null;
  const list = useChatsState((s) => s.messages[chat.id]);
  const readBy = useChatsState((s) => s.readBy[chat.id]);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [action, setAction] = useState<Action>(null);
  const [busy, setBusy] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const isRequest = chat.is_request ?? (!chat.accepted && chat.created_by_user_id !== me);
  const { online, typing, notifyTyping } = useChatPresence(
    chat.id,
    user ? { id: user.id, name: user.name, handle: user.handle, avatarUrl: user.avatarUrl } : null,
  );
  const others = chat.users.filter((u) => u.id !== me);
  const otherOnline = online.some((m) => m.id !== me);

  useEffect(() => {
    void chatsStore.loadMessages(chat.id);
  }, [chat.id]);

  // New messages scroll to the bottom; older pages keep the reading position.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, [list?.items.length]);

  const onScroll = useCallback(async () => {
    const el = scroller.current;
    if (!el || el.scrollTop > 40 || loadingOlder || !list?.hasMore) return;
    setLoadingOlder(true);
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    await chatsStore.loadMessages(chat.id, true);
    setLoadingOlder(false);
  }, [chat.id, loadingOlder, list?.hasMore]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (!content) return;
    setSending(true);
    try {
      await chatsStore.send(chat.id, content);
      setText('');
      notifyTyping(false);
    } catch (error) {
      notify.error((error as Error).message || 'Message not sent');
    } finally {
      setSending(false);
    }
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    setSending(true);
    try {
      await chatsStore.sendImage(chat.id, file);
    } catch (error) {
      notify.error((error as Error).message || 'Image not sent');
    } finally {
      setSending(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const sendSticker = async (stickerId: string) => {
    setSending(true);
    try {
      await chatsStore.sendSticker(chat.id, stickerId);
    } catch (error) {
      notify.error((error as Error).message || 'Sticker not sent');
    } finally {
      setSending(false);
    }
  };

  const respond = async (accept: boolean) => {
    setBusy(true);
    const error = await chatsStore.respond(chat.id, accept);
    setBusy(false);
    if (error) notify.error(error);
    else if (!accept) onGone();
  };

  const confirm = async () => {
    setBusy(true);
    try {
      if (action?.kind === 'mute') await chatsStore.toggleMute(chat.id);
      if (action?.kind === 'block') await chatsStore.toggleBlock(chat.id);
      if (action?.kind === 'leave') {
        await chatsStore.leave(chat.id);
        onGone();
      }
    } catch (error) {
      notify.error((error as Error).message || 'That did not work');
    } finally {
      setBusy(false);
      setAction(null);
    }
  };

  const lastMine = [...(list?.items ?? [])].reverse().find((m) => m.user_id === me);
  const seen = !!lastMine && Object.values(readBy ?? {}).some((at) => at >= lastMine.created_at);
  const muted = chat.chat_settings.is_muted;
  const blocked = chat.chat_settings.is_blocked;

  return (
    <section
      className="flex h-full min-h-0 flex-col"
      aria-label={`Chat with ${chatTitle(chat, me)}`}
      data-testid="chat-view"
    >
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <button
          type="button"
          onClick={onBack}
          className="rounded-lg p-1 text-slate-500 md:hidden"
          aria-label="Back to chats"
        >
          ←
        </button>
        <span className="relative">
          <Avatar name={others[0]?.name ?? chatTitle(chat, me)} url={others[0]?.avatarUrl} />
          {otherOnline && (
            <span
              data-testid="online-dot"
              className="absolute -bottom-0.5 -right-0.5 h-3 w-3 rounded-full border-2 border-white bg-green-500 dark:border-slate-900"
            />
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">{chatTitle(chat, me)}</span>
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {typing.length
              ? `${typing.join(', ')} ${typing.length > 1 ? 'are' : 'is'} typing…`
              : otherOnline
                ? 'Online'
                : muted
                  ? 'Muted'
                  : ''}
          </span>
        </span>
        {!isRequest && (
          <div className="flex shrink-0 gap-0.5 sm:gap-1">
            {(
              [
                ['mute', muted ? 'Unmute' : 'Mute'],
                ['block', blocked ? 'Unblock' : 'Block'],
                ['leave', chat.accepted ? 'Leave' : 'Delete'],
              ] as const
            ).map(([kind, label]) => (
              <Button
                key={kind}
                variant="ghost"
                size="sm"
                className="px-2 sm:px-3"
                onClick={() => setAction({ kind, muted, blocked })}
              >
                {label}
              </Button>
            ))}
          </div>
        )}
      </header>

      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-2 dark:bg-slate-950"
        data-testid="messages"
      >
        {loadingOlder && (
          <div className="flex justify-center py-2">
            <Spinner size="sm" label="Loading older messages" />
          </div>
        )}
        {!list?.loaded && (
          <div className="flex justify-center py-8">
            <Spinner label="Loading messages" />
          </div>
        )}
        {list?.items.map((m) => (
          <MessageBubble key={m.id} message={m} mine={m.user_id === me} seen={m.id === lastMine?.id && seen} />
        ))}
      </div>

      {isRequest ? (
        <div className="border-t border-slate-200 p-3 text-sm dark:border-slate-800">
          <p className="mb-2">{chatTitle(chat, me)} wants to chat with you.</p>
          <div className="flex gap-2">
            <Button size="sm" loading={busy} onClick={() => respond(true)}>
              Accept
            </Button>
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => respond(false)}>
              Decline
            </Button>
          </div>
        </div>
      ) : blocked ? (
        <p className="border-t border-slate-200 p-3 text-center text-sm text-slate-500 dark:border-slate-800">
          You blocked this chat. Unblock it to send messages.
        </p>
      ) : (
        <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 p-2 dark:border-slate-800">
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="hidden"
            onChange={(e) => sendImage(e.target.files?.[0])}
            data-testid="image-input"
          />
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
            aria-label="Send a photo"
          >
            {/* An icon, not an emoji: many systems have no colour-emoji font and drew a box. */}
            <CameraIcon className="h-5 w-5" />
          </button>
          <StickerPicker disabled={sending} onPick={sendSticker} />
          <label htmlFor="chat-message" className="sr-only">
            Message
          </label>
          <input
            id="chat-message"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              notifyTyping(true);
            }}
            placeholder="Write a message…"
            autoComplete="off"
            maxLength={5000}
            className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          />
          <Button type="submit" size="sm" loading={sending} disabled={!text.trim()}>
            Send
          </Button>
        </form>
      )}

      <ConfirmDialog
        open={action !== null}
        busy={busy}
        danger={action?.kind !== 'mute'}
        title={dialogTitle(action, chat.accepted)}
        body={dialogBody(action)}
        confirmLabel={dialogConfirm(action, chat.accepted)}
        onConfirm={confirm}
        onCancel={() => setAction(null)}
      />
    </section>
  );
}

function dialogConfirm(action: Action, accepted: boolean): string {
  if (action?.kind === 'mute') return action.muted ? 'Unmute' : 'Mute';
  if (action?.kind === 'block') return action.blocked ? 'Unblock' : 'Block';
  return accepted ? 'Leave' : 'Delete';
}

function dialogTitle(action: Action, accepted: boolean): string {
  return `${dialogConfirm(action, accepted)} this chat?`;
}

function dialogBody(action: Action): string {
  if (action?.kind === 'mute')
    return action.muted
      ? 'New messages will count as unread again.'
      : 'New messages will not count as unread. You can unmute at any time.';
  if (action?.kind === 'block')
    return action.blocked
      ? 'Messages will be delivered to you again.'
      : 'You will not receive messages from this chat until you unblock it.';
  return 'It disappears from your list. The others keep the conversation.';
}
