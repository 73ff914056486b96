import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { respondJson } from '@/test-utils';
import PropertyDashboard from './Dashboard';

jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  usePage: () => ({
    url: '/properties',
    props: { appName: 'Reelty', auth: { user: null }, errors: {}, team: { name: 'Journey Realty', personal: false } },
  }),
  Head: () => null,
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
}));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const dashboard = (name: string) => ({
  properties: {
    data: [
      {
        id: name,
        slug: name.toLowerCase().replace(' ', '-'),
        name,
        price: null,
        currency: 'USD',
        full_address: 'Austin',
        type: null,
        status: 'for_sale',
        is_private: false,
        publish_state: 'published',
        featured_image: null,
      },
    ],
    current_page: 1,
    last_page: 1,
    per_page: 12,
    total: 1,
    next_page_url: null,
    prev_page_url: null,
  },
  counts: { all: 1, draft: 0, published: 1, archived: 0 },
});

describe('Property/Dashboard', () => {
  it('shows the team list when the first "mine" answer arrives after it (the newest request wins)', async () => {
    let answerMine: () => void = () => undefined;
    const fetchMock = jest.fn((url: string) => {
      if (url.includes('scope=team')) return respondJson(200, dashboard('Journey Loft'));
      return new Promise<Response>((resolve) => {
        answerMine = () => void respondJson(200, dashboard('Own Condo')).then(resolve);
      });
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<PropertyDashboard filters={{ publish: 'all', search: '', sort: 'newest' }} sorts={['newest']} />);

    fireEvent.click(screen.getByTestId('scope-team'));
    await screen.findByText('Journey Loft');
    answerMine();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((settle) => setTimeout(settle, 20));

    expect(screen.getByText('Journey Loft')).toBeTruthy();
    expect(screen.queryByText('Own Condo')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Team properties' })).toBeTruthy();
  });
});
