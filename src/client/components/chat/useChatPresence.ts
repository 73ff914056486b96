import { useCallback, useEffect, useRef, useState } from 'react';
import { useEcho } from '@/echo';
import type { ChatUser } from '@contracts/chats';

/**
 * presence-chat.{id}: who has the chat open right now, and typing through client events
 * (whispers), which never touch our server's database.
 */
export function useChatPresence(chatId: string | null, me: ChatUser | null) {
  const echo = useEcho();
  const [online, setOnline] = useState<ChatUser[]>([]);
  const [typing, setTyping] = useState<Record<string, string>>({});
  const channelRef = useRef<{ whisper(event: string, data: unknown): unknown } | null>(null);
  const timers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const lastSent = useRef(0);

  useEffect(() => {
    setOnline([]);
    setTyping({});
    if (!echo || !chatId) return;
    const name = `chat.${chatId}`;
    const channel = echo.join(name);
    channelRef.current = channel as unknown as { whisper(event: string, data: unknown): unknown };
    channel
      .here((members: ChatUser[]) => setOnline(members))
      .joining((member: ChatUser) => setOnline((list) => [...list.filter((m) => m.id !== member.id), member]))
      .leaving((member: ChatUser) => setOnline((list) => list.filter((m) => m.id !== member.id)))
      .listenForWhisper('typing', (e: { id: string; name: string; typing: boolean }) => {
        clearTimeout(timers.current[e.id]);
        if (!e.typing) {
          setTyping(({ [e.id]: _gone, ...rest }) => rest);
          return;
        }
        setTyping((t) => ({ ...t, [e.id]: e.name }));
        timers.current[e.id] = setTimeout(() => setTyping(({ [e.id]: _gone, ...rest }) => rest), 4000);
      });
    return () => {
      channelRef.current = null;
      Object.values(timers.current).forEach(clearTimeout);
      echo.leave(name);
    };
  }, [echo, chatId]);

  /** Call on each keystroke: sends at most one whisper every 2 s. */
  const notifyTyping = useCallback(
    (isTyping = true) => {
      if (!me || !channelRef.current) return;
      const now = Date.now();
      if (isTyping && now - lastSent.current < 2000) return;
      lastSent.current = isTyping ? now : 0;
      channelRef.current.whisper('typing', { id: me.id, name: me.name, typing: isTyping });
    },
    [me?.id, me?.name],
  );

  return { online, typing: Object.values(typing), notifyTyping };
}
