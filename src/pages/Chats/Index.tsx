import { Head } from '@inertiajs/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { ChatList } from '@/components/chat/ChatList';
import { ChatView } from '@/components/chat/ChatView';
import { NewChatForm } from '@/components/chat/NewChatForm';
import { StartChatPane, type ChatRecipient } from '@/components/chat/StartChatPane';
import { ChatIcon } from '@/components/icons';
import { Button, EmptyState, Spinner } from '@/components/ui';
import { useChatList } from '@/hooks/useChats';
import { useAuthUser } from '@/hooks/useSharedProps';
import { cn } from '@/lib/cn';
import { chatsStore, useChatsState } from '@/stores/chats';
import { CHAT_TABS } from '@/stores/chats-rules';
import type { ChatsPage, ChatTab, UnreadCounts } from '@contracts/chats';
import type { PageProps } from '@/types';

type Props = PageProps<{
  tab: ChatTab;
  chats: ChatsPage;
  unread: UnreadCounts;
  openChatId: string | null;
  /** Someone to start a chat with (from "Message" on a profile) when there is no chat with them yet. */
  startWith?: ChatRecipient | null;
}>;

const LABELS: Record<ChatTab, string> = { chats: 'Chats', requested: 'Requested', muted: 'Muted', blocked: 'Blocked' };
const EMPTY: Record<ChatTab, string> = {
  chats: 'Start a conversation from a profile or a listing.',
  requested: 'Chat requests from people you have not talked to yet show up here.',
  muted: 'Chats you mute show up here; they never count as unread.',
  blocked: 'Chats you block show up here; you receive nothing from them.',
};

function syncUrl(tab: ChatTab, chatId: string | null): void {
  const params = new URLSearchParams();
  if (tab !== 'chats') params.set('tab', tab);
  if (chatId) params.set('chat', chatId);
  const query = params.toString();
  window.history.replaceState(window.history.state, '', `/chats${query ? `?${query}` : ''}`);
}

export default function ChatsIndex({
  tab: initialTab,
  chats: firstPage,
  unread,
  openChatId: initialOpen,
  startWith = null,
}: Props) {
  const [recipient, setRecipient] = useState<ChatRecipient | null>(startWith);
  const me = useAuthUser()?.id ?? null;
  const [tab, setTab] = useState<ChatTab>(initialTab);
  const [loading, setLoading] = useState(false);
  const openId = useChatsState((s) => s.openChatId);
  const openChat = useChatsState((s) => (s.openChatId ? s.chats[s.openChatId] : undefined));
  const total = useChatsState((s) => s.unreadCount);
  const tabUnread = useChatsState((s) => s.unreadTabs) ?? unread.tabs;
  const { chats, paging } = useChatList(tab);

  // Seed the store from the page's props before the first paint.
  useLayoutEffect(() => {
    chatsStore.setMe(me);
    chatsStore.hydrate(initialTab, firstPage, unread.count);
    void chatsStore.open(initialOpen);
    // The page was opened as /chats?user=<id>: keep the address to what it shows.
    if (initialOpen || startWith) syncUrl(initialTab, initialOpen);
    return () => void chatsStore.open(null);
  }, []);

  // Tab badges follow the unread total (refreshed from the server when it changes).
  useEffect(() => {
    void chatsStore.loadUnread();
  }, [total]);

  const switchTab = async (next: ChatTab) => {
    setTab(next);
    syncUrl(next, openId);
    setLoading(true);
    await chatsStore.loadTab(next, 1);
    setLoading(false);
  };

  const open = (id: string | null) => {
    setRecipient(null);
    void chatsStore.open(id);
    syncUrl(tab, id);
  };

  const loadMore = async () => {
    setLoading(true);
    await chatsStore.loadMore(tab);
    setLoading(false);
  };

  return (
    <>
      <Head title="Chats" />
      <div className="flex h-[calc(100dvh-11rem)] min-h-[28rem] overflow-hidden rounded-2xl border border-slate-200 bg-white md:h-[calc(100dvh-10rem)] dark:border-slate-800 dark:bg-slate-900">
        <aside
          className={cn(
            'flex w-full min-w-0 flex-col border-r border-slate-200 md:w-80 dark:border-slate-800',
            (openChat || recipient) && 'hidden md:flex',
          )}
        >
          <h1 className="px-3 pt-3 text-lg font-semibold">Chats</h1>
          <div className="pt-2">
            <NewChatForm onStarted={(chat) => open(chat.id)} />
          </div>
          <nav role="tablist" aria-label="Chat lists" className="flex gap-1 overflow-x-auto px-2 py-2">
            {CHAT_TABS.map((t) => (
              <button
                key={t}
                role="tab"
                type="button"
                aria-selected={tab === t}
                data-tab={t}
                onClick={() => switchTab(t)}
                className={cn(
                  'flex shrink-0 items-center gap-1 rounded-full px-3 py-1 text-xs font-medium',
                  tab === t
                    ? 'bg-brand-600 text-white'
                    : 'bg-slate-100 text-slate-600 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300',
                )}
              >
                {LABELS[t]}
                {tabUnread[t] > 0 && (
                  <span
                    aria-label={`${tabUnread[t]} unread`}
                    title={`${tabUnread[t]} unread ${tabUnread[t] === 1 ? 'chat' : 'chats'}`}
                    className={cn(
                      'rounded-full px-1.5 text-[10px] font-semibold',
                      tab === t ? 'bg-white/25' : 'bg-red-600 text-white',
                    )}
                  >
                    {tabUnread[t]} unread
                  </span>
                )}
              </button>
            ))}
          </nav>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {chats.length === 0 && !loading ? (
              <EmptyState
                className="m-3"
                icon={<ChatIcon className="h-8 w-8" />}
                title={tab === 'chats' ? 'No chats yet' : `No ${LABELS[tab].toLowerCase()} chats`}
                description={EMPTY[tab]}
              />
            ) : (
              <ChatList chats={chats} me={me} activeId={openId} onOpen={open} />
            )}
            {loading && (
              <div className="flex justify-center py-3">
                <Spinner size="sm" label="Loading chats" />
              </div>
            )}
            {!loading && paging.page < paging.lastPage && (
              <div className="p-3">
                <Button variant="secondary" size="sm" fullWidth onClick={loadMore}>
                  Load more
                </Button>
              </div>
            )}
          </div>
        </aside>
        <div className={cn('min-w-0 flex-1', !openChat && !recipient && 'hidden md:block')}>
          {recipient && !openChat ? (
            <StartChatPane recipient={recipient} onStarted={(chat) => open(chat.id)} onCancel={() => open(null)} />
          ) : openChat ? (
            <ChatView key={openChat.id} chat={openChat} onBack={() => open(null)} onGone={() => open(null)} />
          ) : (
            <div className="hidden h-full items-center justify-center p-6 md:flex">
              <EmptyState
                icon={<ChatIcon className="h-8 w-8" />}
                title="Choose a chat"
                description="Pick a conversation on the left to read and reply."
              />
            </div>
          )}
        </div>
      </div>
    </>
  );
}
