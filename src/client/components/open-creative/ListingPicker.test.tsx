import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { openCreativeApi } from '@/api/open-creative';
import { ListingPicker } from './ListingPicker';

jest.mock('@/api/open-creative', () => ({ openCreativeApi: { listings: jest.fn() } }));

const api = openCreativeApi as jest.Mocked<typeof openCreativeApi>;
const page = (n: number, last: number, names: string[]) => ({
  data: names.map((name) => ({ id: `id-${name}`, name })),
  current_page: n,
  last_page: last,
  per_page: names.length,
  total: last * names.length,
});

function Harness({ seen }: { seen: (ids: string[] | null) => void }) {
  const [value, setValue] = useState<string[] | null>(null);
  return (
    <ListingPicker
      value={value}
      onChange={(ids) => {
        setValue(ids);
        seen(ids);
      }}
    />
  );
}

describe('<ListingPicker />', () => {
  beforeEach(() => jest.clearAllMocks());

  it('covers every listing until "Only some" is picked, then loads the realtor’s listings a page at a time', async () => {
    api.listings.mockResolvedValueOnce(page(1, 2, ['Harbor House'])).mockResolvedValueOnce(page(2, 2, ['Hill House']));
    const seen = jest.fn();
    render(<Harness seen={seen} />);
    expect(api.listings).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Only some listings'));
    expect(seen).toHaveBeenLastCalledWith([]);
    fireEvent.click(await screen.findByLabelText('Harbor House'));
    expect(seen).toHaveBeenLastCalledWith(['id-Harbor House']);
    fireEvent.click(screen.getByRole('button', { name: 'More listings' }));
    fireEvent.click(await screen.findByLabelText('Hill House'));
    expect(seen).toHaveBeenLastCalledWith(['id-Harbor House', 'id-Hill House']);
    expect(api.listings.mock.calls).toEqual([[1], [2]]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More listings' })).toBeNull());
    fireEvent.click(screen.getByLabelText('All my listings'));
    expect(seen).toHaveBeenLastCalledWith(null);
  });
});
