import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Cart, CartItem } from '@contracts/commerce';
import { notify } from '@/lib/toast';
import { respondJson } from '@/test-utils';
import CartIndex from './Index';

jest.mock('@inertiajs/react', () => require('@/test-utils').inertiaOnPage('/cart'));
jest.mock('@/lib/toast', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const usd = (amount_minor: number) => ({ amount_minor, currency: 'USD' });
const flyers = (quantity: number): CartItem => ({
  id: 'i1',
  variant_id: 'v1',
  product: { id: 'p1', slug: 'flyers', title: 'Flyers', kind: 'physical', image_url: null },
  variant_name: 'Pack of 50',
  quantity,
  unit_price: usd(1500),
  current_price: usd(1500),
  line_total: usd(1500 * quantity),
  stock: null,
  max_quantity: 99,
  listing: null,
});
const cartOf = (quantity: number, discount: Cart['discount'] = null): Cart => ({
  id: 'c1',
  items: [flyers(quantity)],
  count: quantity,
  subtotal: usd(1500 * quantity),
  discount,
  total: usd(1500 * quantity - (discount?.amount?.amount_minor ?? 0)),
  requires_shipping: true,
});

const shared = { appName: 'Reelty', auth: { user: null }, errors: {}, csrfToken: 't' };

describe('Cart/Index', () => {
  it('puts a refused quantity back to the one the line is priced at, and shows a taken one', async () => {
    const fetchMock = jest.fn((_url: string, init?: RequestInit) => {
      const { quantity } = JSON.parse(String(init?.body)) as { quantity: number };
      return quantity === 0
        ? respondJson(422, { message: 'The quantity must be at least 1.', errors: { quantity: ['At least 1.'] } })
        : respondJson(200, { cart: cartOf(quantity) });
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<CartIndex {...shared} cart={cartOf(3)} />);
    const box = screen.getByLabelText('Quantity of Flyers') as HTMLInputElement;

    fireEvent.change(box, { target: { value: '0' } });
    fireEvent.blur(box);
    await waitFor(() => expect(box.value).toBe('3'));
    expect(notify.error).toHaveBeenCalledWith('The quantity must be at least 1.');

    fireEvent.change(box, { target: { value: '4' } });
    fireEvent.blur(box);
    await waitFor(() => expect(screen.getByTestId('cart-subtotal').textContent).toBe('$60.00'));
    expect(box.value).toBe('4');
  });

  it('applies a discount code: the server’s amount and total show; a refused code shows its reason', async () => {
    const fetchMock = jest.fn((_url: string, init?: RequestInit) => {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      return code === 'NOPE'
        ? respondJson(422, { message: 'Invalid', errors: { code: ['There is no such discount code.'] } })
        : respondJson(200, {
            cart: cartOf(2, { code: 'SPRING10', description: 'Spring sale', amount: usd(300), problem: null }),
          });
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    render(<CartIndex {...shared} cart={cartOf(2)} />);
    const box = screen.getByLabelText('Discount code');

    fireEvent.change(box, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('There is no such discount code.')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('$30.00');

    fireEvent.change(box, { target: { value: 'spring10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$27.00'));
    expect(screen.getByTestId('discount-line').textContent).toContain('SPRING10');
    expect(screen.getByTestId('discount-line').textContent).toContain('$3.00');
  });
});
