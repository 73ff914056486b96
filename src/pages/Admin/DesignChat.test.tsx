import { router } from '@inertiajs/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { DesignChatFlagJson } from '@contracts/admin-content';
import { notify } from '@/lib/toast';
import { jsonResponse } from '@/test-utils';
import AdminDesignChat from './DesignChat';

jest.mock('@inertiajs/react', () => ({
  ...require('@/test-utils').inertiaOnPage('/admin/design-chat'),
  router: { visit: jest.fn(), reload: jest.fn() },
}));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const flag = (role: 'user' | 'assistant'): DesignChatFlagJson => ({
  id: `f-${role}`,
  source: role === 'user' ? 'filter' : 'user',
  reason: role === 'user' ? 'Contains a link' : 'Not what I asked',
  reporter_id: null,
  created_at: '2026-01-01T00:00:00Z',
  resolved_at: null,
  resolution: null,
  message: {
    id: `m-${role}`,
    design_id: 'd1',
    author_id: 'u1',
    role,
    content: role === 'user' ? 'visit www.spam.test' : 'Try a navy sofa.',
    hidden: false,
    created_at: '2026-01-01T00:00:00Z',
  },
});

const props = {
  appName: 'Reelty',
  auth: { user: null },
  errors: {},
  csrfToken: 't',
  status: 'open' as const,
  flags: { data: [flag('user'), flag('assistant')], current_page: 1, last_page: 1, per_page: 20, total: 2 },
};

describe('Admin/DesignChat', () => {
  beforeEach(() => jest.clearAllMocks());

  it('offers warn and suspend only for messages people wrote, and hides through the API', async () => {
    const calls: Array<[string, unknown]> = [];
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push([url, JSON.parse(String(init?.body ?? '{}'))]);
      return jsonResponse(200, { message: 'Message hidden', flag: flag('assistant') });
    }) as unknown as typeof fetch;
    render(<AdminDesignChat {...props} />);
    expect(screen.getAllByRole('button', { name: 'Warn' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Suspend author' })).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Hide message' })[1]));
    expect(calls[0]).toEqual(['/api/admin/design-chat/flags/f-assistant/moderate', { action: 'hide' }]);
    expect(notify.success).toHaveBeenCalledWith('Message hidden');
    expect(router.reload).toHaveBeenCalledWith({ only: ['flags'] });
  });
});
