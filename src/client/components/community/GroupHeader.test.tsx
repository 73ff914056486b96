import { act, fireEvent, render, screen } from '@testing-library/react';
import { GroupHeader, GroupMemberList } from '@/components/community';

jest.mock('@inertiajs/react', () => ({
  ...require('@/test-utils').inertiaOnPage('/channels/c1'),
  router: { reload: jest.fn(), visit: jest.fn() },
}));
jest.mock('@/lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

const group = { name: 'Open Estates', description: 'Homes with a view' };
const member = (id: string, role: 'owner' | 'moderator' | 'member') => ({
  user: { id, name: `Person ${id}`, handle: null, avatar_url: null },
  role,
});

describe('GroupHeader', () => {
  it('shows the group, its facts and only the buttons that apply, calling the one pressed', async () => {
    const leave = jest.fn(() => Promise.resolve({ message: 'Unsubscribed' }));
    render(
      <GroupHeader
        back="/channels"
        backLabel="Channels"
        group={group}
        facts="Public · 3 subscribers"
        join={null}
        leave={{ label: 'Unsubscribe', call: leave, failure: 'Could not leave' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Open Estates' })).toBeInTheDocument();
    expect(screen.getByText('Public · 3 subscribers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Channels' })).toHaveAttribute('href', '/channels');
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    });
    expect(leave).toHaveBeenCalledTimes(1);
  });
});

describe('GroupMemberList', () => {
  it('lists the members under a heading that labels its holder, with the roles worth showing', () => {
    render(
      <GroupMemberList
        as="aside"
        id="members"
        title="Members"
        members={{
          data: [member('a', 'owner'), member('b', 'moderator'), member('c', 'member')],
          current_page: 1,
          last_page: 1,
          per_page: 12,
          total: 3,
        }}
        roleLabel={(role) => (role !== 'member' ? role : null)}
      />,
    );
    expect(screen.getByRole('complementary', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByText('owner')).toBeInTheDocument();
    expect(screen.getByText('moderator')).toBeInTheDocument();
    expect(screen.queryByText('member')).not.toBeInTheDocument();
  });
});
