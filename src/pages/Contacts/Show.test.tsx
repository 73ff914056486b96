import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ContactShowProps } from '@contracts/crm';
import { notify } from '@/lib/toast';
import { respondJson } from '@/test-utils';
import ContactsShow from './Show';

jest.mock('@inertiajs/react', () => require('@/test-utils').inertiaOnPage('/contacts/c1'));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));
jest.mock('@/components/crm/ContactEmailCard', () => ({ ContactEmailCard: () => null }));

const page = (over: Partial<ContactShowProps['contact']> = {}): ContactShowProps => ({
  contact: {
    id: 'c1',
    team_id: 't1',
    name: 'Kim Buyer',
    email: 'kim@k.co',
    phone: null,
    stage: 'new',
    source: 'manual',
    tags: ['buyer'],
    agent: null,
    consent_version: null,
    last_activity_at: '2026-11-28T10:00:00Z',
    created_at: '2026-11-28T10:00:00Z',
    ...over,
  },
  activities: [],
  tasks: [],
  merges: [],
  stages: ['new', 'contacted'],
  can_manage: true,
});

describe('Contacts/Show', () => {
  it('says each saved change, and leaves unchanged tags alone', async () => {
    const fetchMock = jest.fn(() => respondJson(200, page({ stage: 'contacted' })));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<ContactsShow {...page()} email_templates={[]} />);

    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'contacted' } });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Stage saved'));

    const tags = screen.getByLabelText('Tags');
    fireEvent.blur(tags);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.change(tags, { target: { value: 'buyer, Investor' } });
    fireEvent.blur(tags);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Tags saved'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
