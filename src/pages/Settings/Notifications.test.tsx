import { fireEvent, render, screen } from '@testing-library/react';
import type React from 'react';
import NotificationSettings from './Notifications';

jest.mock('@inertiajs/react', () => ({ ...jest.requireActual('@inertiajs/react'), Head: () => null }));

const kinds = [
  { key: 'chat_request', label: 'Chat requests', description: 'Someone wants to talk.' },
  { key: 'new_follower', label: 'New followers', description: 'Someone follows you.' },
];

describe('Settings/Notifications', () => {
  it('offers an email toggle per kind and no push toggle, since nothing delivers push', () => {
    const Page = NotificationSettings as unknown as (props: Record<string, unknown>) => React.ReactNode;
    render(
      <Page
        preferences={{ email: { chat_request: true, new_follower: false }, push: { chat_request: true } }}
        kinds={kinds}
      />,
    );
    const chat = screen.getByRole('checkbox', { name: 'Chat requests by email' });
    const follow = screen.getByRole('checkbox', { name: 'New followers by email' });
    expect(chat).toBeChecked();
    expect(follow).not.toBeChecked();
    fireEvent.click(follow);
    expect(follow).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.queryByRole('checkbox', { name: /by push/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Push' })).not.toBeInTheDocument();
  });
});
