import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Order } from '@contracts/commerce';
import { respondJson } from '@/test-utils';
import OrdersReturns from './Returns';

jest.mock('@inertiajs/react', () => require('@/test-utils').inertiaOnPage('/orders/returns'));
jest.mock('@/lib/toast', () => ({ notify: { success: jest.fn(), error: jest.fn() } }));

const paidOrder = (id: string, number: string) =>
  ({ id, number, payment_status: 'paid', return_status: null }) as unknown as Order;
const page = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });

describe('Orders/Returns request form', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('asks for the chosen order with the typed reason, and shows the answer’s field error under its field', async () => {
    const shared = { appName: 'Reelty', auth: { user: null }, errors: {}, csrfToken: 't' } as never as object;
    render(
      <OrdersReturns
        {...(shared as Parameters<typeof OrdersReturns>[0])}
        returns={page([])}
        orders={page([paidOrder('o1', 'R-1'), paidOrder('o2', 'R-2')])}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Returns' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Orders' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'o2' } });
    fireEvent.change(screen.getByLabelText('Why are you returning it?'), { target: { value: 'Too small' } });
    fetchMock.mockImplementationOnce(() =>
      respondJson(422, { message: 'Invalid', errors: { reason: ['Say a little more.'] } }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Request the return' }));
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/orders/o2/returns');
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toEqual({ reason: 'Too small' });
    expect(screen.getByLabelText('Why are you returning it?')).toHaveAccessibleDescription('Say a little more.');
  });
});
