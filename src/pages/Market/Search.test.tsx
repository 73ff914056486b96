import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { respondJson } from '@/test-utils';
import MarketSearch from './Search';

jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  usePage: () => ({ url: '/market', props: { appName: 'Reelty', auth: { user: null }, errors: {} } }),
  Head: () => null,
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
}));
// Leaflet needs a real layout engine: the map is replaced by a probe that shows what it was given.
jest.mock('@/components/market/MarketMap', () => ({
  MarketMap: ({ center, radius, pins }: { center: { lat: number; lng: number }; radius: number; pins: unknown[] }) => (
    <div data-testid="map" data-center={`${center.lat},${center.lng}`} data-radius={radius} data-pins={pins.length} />
  ),
}));

const answer = (lat: number, lng: number) => ({
  center: { lat, lng, label: 'Austin, TX, United States' },
  radius: 2,
  unit: 'mi',
  results: {
    data: [],
    current_page: 1,
    last_page: 1,
    per_page: 20,
    total: 0,
    next_page_url: null,
    prev_page_url: null,
  },
});

const props = {
  initial: {
    q: 'Austin, TX',
    lat: null,
    lng: null,
    radius: '2',
    type: '',
    sector: '',
    status: '',
    min_price: '',
    max_price: '',
    polygon: '',
    beds: '',
    baths: '',
    has_video: false,
    open_house: false,
    sort: '',
  },
  map: { tileUrl: '', attribution: '', defaultCenter: { lat: 20, lng: 0 }, defaultRadius: 2 },
  options: { types: ['house'], sectors: ['residential'], statuses: ['for_sale'], sorts: ['distance', 'newest'] },
};

describe('Market search page', () => {
  it('searches with the default radius of 2 miles and resets the centre to 20, 0 when the address is cleared', async () => {
    const fetchMock = jest.fn(() => respondJson(200, answer(30.26715, -97.74306)));
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<MarketSearch {...props} />);
    await waitFor(() => expect(screen.getByTestId('map')).toHaveAttribute('data-center', '30.26715,-97.74306'));
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/market/search?q=Austin%2C+TX&radius=2');
    expect(screen.getByTestId('map')).toHaveAttribute('data-radius', '2');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Location' }), { target: { value: '' } });
    expect(screen.getByTestId('map')).toHaveAttribute('data-center', '20,0');
  });
});
