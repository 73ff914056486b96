import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Notification } from '@contracts/notifications';
import { getNotificationCount, loadNotificationCount, setNotificationCount } from '@/hooks/useNotifications';
import NotificationsIndex from './Index';
import { jsonResponse } from '@/test-utils';

jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  usePage: () => ({
    url: '/notifications',
    props: { appName: 'Reelty', auth: { user: { id: 'me', name: 'Me' } }, errors: {}, csrfToken: 't' },
  }),
  Head: () => null,
  Link: ({ children, href, onClick }: { children: React.ReactNode; href: string; onClick?: () => void }) => (
    <a href={href} onClick={(e) => (e.preventDefault(), onClick?.())}>
      {children}
    </a>
  ),
}));

const shared = { appName: 'Reelty', auth: { user: null }, errors: {}, csrfToken: 't' };
const item = (id: string, read = false): Notification => ({
  id,
  kind: 'system',
  type: 'system',
  title: `Note ${id}`,
  body: null,
  url: null,
  data: {},
  read,
  read_at: read ? '2026-01-01T00:00:00Z' : null,
  created_at: '2026-01-01T00:00:00Z',
});
const json = jsonResponse;

describe('Notifications/Index', () => {
  it('lists, marks one and all as read; the count never goes below zero', async () => {
    const calls: string[] = [];
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/notifications/a/mark-as-read') return json(200, { status: 'success', unread_count: 1 });
      if (url === '/notifications/mark-all-as-read') return json(200, { status: 'success', unread_count: 0 });
      if (url === '/api/notifications?page=2&limit=20')
        return json(200, {
          notifications: { data: [item('c', true)], current_page: 2, last_page: 2, per_page: 20, total: 21 },
          unread_count: 2,
        });
      return json(200, { unread_count: 2 });
    }) as unknown as typeof fetch;
    render(
      <NotificationsIndex
        {...shared}
        notifications={{ data: [item('a'), item('b')], current_page: 1, last_page: 2, per_page: 20, total: 21 }}
        unread_count={2}
      />,
    );
    expect(screen.getByText('(2 unread)')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByText('Note a')));
    expect(screen.getByText('(1 unread)')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(screen.getByText('Note c')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' })));
    expect(screen.queryByText(/unread\)/)).toBeNull();
    expect(getNotificationCount()).toBe(0);
    setNotificationCount(-3);
    expect(getNotificationCount()).toBe(0);
    expect(calls).toContain('POST /notifications/mark-all-as-read');
  });

  it('shows an empty state, and the bell count falls back to 0 when the count call fails', async () => {
    global.fetch = jest.fn(async () => json(500, { message: 'down' })) as unknown as typeof fetch;
    setNotificationCount(4);
    await loadNotificationCount();
    expect(getNotificationCount()).toBe(0);
    render(
      <NotificationsIndex
        {...shared}
        notifications={{ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }}
        unread_count={0}
      />,
    );
    expect(screen.getByText('No notifications yet')).toBeInTheDocument();
  });
});
