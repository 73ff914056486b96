import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { notify } from '@/lib/toast';
import { respondJson } from '@/test-utils';
import PropertyEditor from './Editor';

jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  usePage: () => ({ url: '/properties/new', props: { appName: 'Reelty', auth: { user: null }, errors: {} } }),
  Head: () => null,
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
}));
jest.mock('@/components/market/MarketMap', () => ({ MarketMap: () => <div data-testid="map" /> }));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const currencies = [{ code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2, is_crypto: false }];
const property = (slug: string, name: string) => ({
  id: 'p1',
  slug,
  name,
  description: null,
  price: null,
  currency: 'USD',
  accepted_currencies: [],
  accepted_cryptocurrencies: [],
  full_address: 'Austin',
  address: null,
  address_line_2: null,
  city: 'Austin',
  state: null,
  zip: null,
  country: null,
  country_code: null,
  latitude: null,
  longitude: null,
  type: null,
  sector: null,
  status: 'for_sale',
  is_private: false,
  publish: false,
  publish_state: 'draft',
  featured_image: null,
  components: {},
  listing: { id: 'l1', name },
});

const props: ComponentProps<typeof PropertyEditor> = {
  slug: null,
  step: 'address',
  steps: ['address', 'details', 'price', 'components', 'media', 'publish'],
  options: { types: ['condo'], sectors: ['residential'], statuses: ['for_sale'] },
  map: { tileUrl: '', attribution: '' },
};

describe('Property/Editor for a new property', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    window.history.replaceState(null, '', '/properties/new');
  });

  it('creates the draft only on the first save, with that step’s fields, then edits it by its slug', async () => {
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url === '/api/currency/') return respondJson(200, { currencies });
      if (url === '/api/properties' && init?.method === 'POST')
        return respondJson(201, { property: property('new-property-abc123', 'New property') });
      if (url === '/api/property/new-property-abc123/resources')
        return respondJson(200, { property: property('new-property-abc123', 'New property'), photos: [], currencies });
      if (url === '/api/properties/new-property-abc123' && init?.method === 'POST')
        return respondJson(200, { property: property('lakeside-abc123', 'Lakeside') });
      if (url === '/api/property/lakeside-abc123/resources')
        return respondJson(200, { property: property('lakeside-abc123', 'Lakeside'), photos: [], currencies });
      return respondJson(404, { message: `unexpected ${url}` });
    });
    render(<PropertyEditor {...props} />);
    expect(screen.getByRole('heading', { name: 'New property' })).toBeInTheDocument();
    // Steps that need a saved property stay closed until the first save.
    expect(screen.getByRole('button', { name: '5. Photos' })).toBeDisabled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/currency/', expect.anything()));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Austin' } });
    await act(async () => fireEvent.click(screen.getByTestId('next-step')));
    const create = fetchMock.mock.calls.find(([url]) => url === '/api/properties');
    expect(JSON.parse(create![1].body)).toMatchObject({ city: 'Austin', address: '', latitude: null });
    expect(create![1].body).not.toContain('name');
    await waitFor(() => expect(window.location.pathname).toBe('/properties/new-property-abc123/edit'));
    expect(window.location.search).toBe('?step=details');
    expect(screen.getByRole('button', { name: '5. Photos' })).toBeEnabled();

    // Renaming the draft: its new slug comes back in the answer and the editor follows it.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lakeside' } });
    await act(async () => fireEvent.click(screen.getByTestId('next-step')));
    await waitFor(() => expect(window.location.pathname).toBe('/properties/lakeside-abc123/edit'));
    expect(notify.success).toHaveBeenCalledWith('Saved');
  });

  it('shows 422 field errors under the fields and creates nothing', async () => {
    fetchMock.mockImplementation((url: string) =>
      url === '/api/currency/'
        ? respondJson(200, { currencies })
        : respondJson(422, {
            message: 'The latitude must be a number.',
            errors: { latitude: ['The latitude must be a number.'] },
          }),
    );
    render(<PropertyEditor {...props} />);
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: 'north' } });
    await act(async () => fireEvent.click(screen.getByTestId('next-step')));
    expect(await screen.findByText('The latitude must be a number.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/properties/new');
    expect(notify.error).toHaveBeenCalledWith('The latitude must be a number.');
  });
});
