import { fireEvent, render, screen } from '@testing-library/react';
import { router } from '@inertiajs/react';
import type { ContactJson, ContactsIndexProps } from '@contracts/crm';
import ContactsIndex from './Index';

jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  Head: () => null,
  Link: ({ children, href }: { children: React.ReactNode; href: string }) => <a href={href}>{children}</a>,
  router: { get: jest.fn(), reload: jest.fn() },
}));

const contact: ContactJson = {
  id: 'c1',
  team_id: 't1',
  name: 'Ann Buyer',
  email: 'ann@example.com',
  phone: null,
  stage: 'new',
  source: 'website',
  tags: [],
  agent: null,
  consent_version: null,
  last_activity_at: '2026-11-27T10:00:00Z',
  created_at: '2026-11-27T10:00:00Z',
};
const props = (total: number, capped: boolean, page = 1): ContactsIndexProps => ({
  book: { id: 't1', name: 'Book', role: 'owner' },
  contacts: {
    data: [contact],
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / 25)),
    per_page: 25,
    total,
    total_is_capped: capped,
  } as ContactsIndexProps['contacts'],
  filters: { q: '', stage: '', tag: '', source: '', agent: '' },
  stages: ['new'],
  sources: ['website'],
  agents: [],
});

describe('Contacts/Index', () => {
  it('shows a capped total as "10,000+" and pages on past the counted pages', () => {
    render(<ContactsIndex {...props(10_000, true, 400)} />);
    expect(screen.getByTestId('contacts-total')).toHaveTextContent('10,000+ contacts');
    expect(screen.queryByRole('button', { name: 'Page 400' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(jest.mocked(router.get).mock.calls[0][1]).toMatchObject({ page: 401 });
  });

  it('shows an exact total as counted, with its last page', () => {
    render(<ContactsIndex {...props(2_345, false)} />);
    expect(screen.getByTestId('contacts-total')).toHaveTextContent('2,345 contacts');
    expect(screen.getByRole('button', { name: 'Page 94' })).toBeInTheDocument();
  });
});
