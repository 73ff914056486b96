import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { JournalPost } from '@contracts/journal';
import { isoToLocalInput } from '@/lib/datetime-local';
import { notify } from '@/lib/toast';
import { respondJson } from '@/test-utils';
import JournalEdit from './Edit';

jest.mock('@inertiajs/react', () => require('@/test-utils').inertiaOnPage('/journal/j1/edit'));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));
jest.mock('@/components/community', () => ({
  ...jest.requireActual('@/components/community'),
  RichTextEditor: () => <div data-testid="editor" />,
}));

const shared = { appName: 'Reelty', auth: { user: null }, errors: {}, csrfToken: 't' };
const post = (over: Partial<JournalPost>): JournalPost => ({
  id: 'j1',
  title: 'Market notes',
  excerpt: 'Prices steady',
  visibility: 'public',
  status: 'draft',
  moderation: 'visible',
  publish_at: null,
  published_at: null,
  comments_count: 0,
  likes_count: 0,
  author: { id: 'u1', name: 'Rita', handle: 'rita', avatar_url: null },
  updated_at: '2026-11-28T10:00:00Z',
  body_html: '<p>Prices steady</p>',
  embeds: [],
  liked: false,
  can_edit: true,
  can_moderate: false,
  ...over,
});

describe('Journal/Edit', () => {
  it('reopens a scheduled post with its time in the box, so the button schedules rather than publishes now', () => {
    const at = '2026-12-05T15:30:00.000Z';
    render(<JournalEdit {...shared} post={post({ status: 'scheduled', publish_at: at })} />);
    expect((screen.getByLabelText('Publish at (optional)') as HTMLInputElement).value).toBe(isoToLocalInput(at));
    expect(new Date(isoToLocalInput(at)).toISOString()).toBe(at);
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('a draft opens with an empty box and "Publish"', () => {
    render(<JournalEdit {...shared} post={post({})} />);
    expect((screen.getByLabelText('Publish at (optional)') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('"Back to draft" says so, and a refusal is shown rather than lost', async () => {
    const fetchMock = jest
      .fn()
      .mockImplementationOnce(() => respondJson(403, { message: 'This post is locked by a moderator.' }))
      .mockImplementationOnce(() => respondJson(200, { message: 'Back to draft', post: post({ status: 'draft' }) }));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<JournalEdit {...shared} post={post({ status: 'published', published_at: '2026-11-27T10:00:00Z' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Back to draft' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('This post is locked by a moderator.'));
    fireEvent.click(screen.getByRole('button', { name: 'Back to draft' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Back to draft'));
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });
});
