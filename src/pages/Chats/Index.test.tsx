import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { notify } from '@/lib/toast';
import type { Chat } from '@contracts/chats';
import { aUser, jsonResponse } from '@/test-utils';
import ChatsIndex from './Index';

const me = aUser({ id: 'me', name: 'Me', email: 'me@x.test', handle: 'me', type: 'viewer' });
const shared = { appName: 'Reelty', auth: { user: me }, errors: {}, csrfToken: 't' };
jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  usePage: () => ({
    url: '/chats',
    props: { appName: 'Reelty', auth: { user: { id: 'me', name: 'Me' } }, errors: {}, csrfToken: 't' },
  }),
  Head: () => null,
  Link: ({ children, href }: { children: React.ReactNode; href: string }) => <a href={href}>{children}</a>,
}));
jest.mock('@/lib/toast', () => ({
  notify: { error: jest.fn(), success: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const request: Chat = {
  id: 'c1',
  type: 'direct',
  name: null,
  users: [
    { id: 'alice', name: 'Alice', handle: 'alice', avatarUrl: null },
    { id: 'me', name: 'Me', handle: 'me', avatarUrl: null },
  ],
  accepted: false,
  created_by_user_id: 'alice',
  last_message: null,
  last_message_at: null,
  created_at: '2026-01-01T00:00:00Z',
  unread_count: 1,
  chat_settings: { user_id: 'me', is_muted: false, is_blocked: false },
  left_by_users: [],
  is_request: true,
};

type Reply = { status?: number; body: unknown };
let routes: Record<string, Reply | (() => Reply)> = {};
beforeEach(() => {
  routes = {
    'GET /api/chats/unread-count': { body: { count: 1, tabs: { chats: 0, requested: 1, muted: 0, blocked: 0 } } },
    'GET /api/chats/filtered?type=requested&page=1': {
      body: { data: { data: [request], current_page: 1, last_page: 1, per_page: 20, total: 1 } },
    },
    'GET /api/chats/c1/messages': {
      body: { data: [], current_page: 1, last_page: 1, per_page: 30, total: 0, has_more: false },
    },
    'POST /api/chats/c1/read': { body: { chat_id: 'c1', unread_count: 0 } },
  };
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const found = routes[key];
    const reply =
      typeof found === 'function' ? found() : (found ?? { status: 404, body: { message: `no route ${key}` } });
    return jsonResponse(reply.status ?? 200, reply.body);
  }) as unknown as typeof fetch;
  (notify.error as jest.Mock).mockClear();
});

const page = { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0, next_cursor: null };
const oneRequestUnread = { count: 1, tabs: { chats: 0, requested: 1, muted: 0, blocked: 0 } };

/** The page on the Requested tab holding Alice's request, with that chat open or not. */
const renderRequested = (openChatId: string | null) =>
  render(
    <ChatsIndex
      {...shared}
      tab="requested"
      chats={{ ...page, data: [request], total: 1 }}
      unread={oneRequestUnread}
      openChatId={openChatId}
    />,
  );

describe('Chats/Index', () => {
  it('shows the four tabs with badge counts and an empty main list', async () => {
    render(<ChatsIndex {...shared} tab="chats" chats={page} unread={oneRequestUnread} openChatId={null} />);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    // The count says what it counts.
    expect(tabs).toEqual(['Chats', 'Requested1 unread', 'Muted', 'Blocked']);
    expect(screen.getByTitle('1 unread chat')).toBeInTheDocument();
    expect(screen.getByText('No chats yet')).toBeInTheDocument();
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
  });

  it("a request opens with Accept/Decline; a 403 on respond shows the server's message", async () => {
    routes['POST /api/chats/c1/respond'] = {
      status: 403,
      body: { message: 'You cannot respond to a chat request you started.' },
    };
    renderRequested(null);
    fireEvent.click(within(screen.getByTestId('chat-list')).getByText('Alice'));
    const view = await screen.findByTestId('chat-view');
    await act(async () => fireEvent.click(within(view).getByRole('button', { name: 'Accept' })));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('You cannot respond to a chat request you started.'));
  });

  it('other respond failures show "Failed to process chat response"', async () => {
    routes['POST /api/chats/c1/respond'] = { status: 500, body: { message: 'boom' } };
    renderRequested('c1');
    const view = await screen.findByTestId('chat-view');
    await act(async () => fireEvent.click(within(view).getByRole('button', { name: 'Decline' })));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to process chat response'));
  });

  it('accepting moves the chat from Requested to Chats', async () => {
    routes['POST /api/chats/c1/respond'] = {
      body: { status: 'success', chat: { ...request, accepted: true, is_request: false, unread_count: 0 } },
    };
    routes['GET /api/chats/filtered?type=chats&page=1'] = {
      body: {
        data: {
          data: [{ ...request, accepted: true, is_request: false }],
          current_page: 1,
          last_page: 1,
          per_page: 20,
          total: 1,
        },
      },
    };
    renderRequested('c1');
    const view = await screen.findByTestId('chat-view');
    await act(async () => fireEvent.click(within(view).getByRole('button', { name: 'Accept' })));
    await screen.findByPlaceholderText('Write a message…');
    expect(screen.queryByTestId('chat-list')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: /^Chats/ })));
    expect(within(screen.getByTestId('chat-list')).getByText('Alice')).toBeInTheDocument();
  });
});
