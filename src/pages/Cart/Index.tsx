import { Head } from '@inertiajs/react';
import { useState } from 'react';
import type { Cart } from '@contracts/commerce';
import { commerceApi, commercePaths } from '@/api/commerce';
import { DiscountCodeForm, DiscountLine } from '@/components/commerce/DiscountCodeForm';
import { formatMoney } from '@/components/commerce/format';
import { Button, ButtonLink, Card, EmptyState, Input } from '@/components/ui';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

type Props = PageProps<{ cart: Cart }>;

/** The cart: quantities (checked against stock), price changes shown, one discount code, then checkout. */
export default function CartIndex({ cart: initial }: Props) {
  const [cart, setCart] = useState(initial);
  const { running: busy, attempt } = useAttempt();
  const user = useAuthUser();

  /** Runs a change to one line; resolves to whether the server took it. */
  const run = async (itemId: string, action: () => Promise<{ cart: Cart }>): Promise<boolean> => {
    const answer = await attempt(action, undefined, itemId);
    if (answer) setCart(answer.cart);
    return answer !== undefined;
  };

  return (
    <>
      <Head title="Cart" />
      <div className="mx-auto max-w-3xl space-y-4">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Your cart</h1>
        {!cart.items.length ? (
          <EmptyState
            title="Your cart is empty"
            description="Find credit packs, boosts and guides in the marketplace."
            action={<ButtonLink href={commercePaths.marketplace}>Open the marketplace</ButtonLink>}
          />
        ) : (
          <Card padded={false}>
            <ul className="divide-y divide-line">
              {cart.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="cart-item">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900 dark:text-white">{item.product.title}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {item.variant_name}
                      {item.listing && <span data-testid="boost-listing"> · for {item.listing.name}</span>} ·{' '}
                      {formatMoney(item.current_price)} each
                      {item.unit_price.amount_minor !== item.current_price.amount_minor && (
                        <span className="ml-1 text-amber-600 dark:text-amber-400">
                          (was {formatMoney(item.unit_price)})
                        </span>
                      )}
                    </p>
                  </div>
                  <Input
                    type="number"
                    min={1}
                    max={item.max_quantity}
                    aria-label={`Quantity of ${item.product.title}`}
                    defaultValue={item.quantity}
                    className="w-20"
                    onBlur={(e) => {
                      const box = e.currentTarget;
                      const quantity = Number(box.value);
                      if (quantity === item.quantity) return;
                      // A refused quantity (0, 150, 2.5) goes back to the one the line is priced at.
                      void run(item.id, () => commerceApi.setQuantity(item.id, quantity)).then((taken) => {
                        if (!taken) box.value = String(item.quantity);
                      });
                    }}
                  />
                  <p className="w-24 text-right font-semibold tabular-nums">{formatMoney(item.line_total)}</p>
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={busy === item.id}
                    onClick={() => run(item.id, () => commerceApi.removeItem(item.id))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            <div className="border-t border-line px-4 py-4">
              <DiscountCodeForm cart={cart} onCart={setCart} />
            </div>
            <div className="space-y-1 border-t border-line px-4 pt-4">
              <p className="flex justify-between gap-2 text-sm text-ink-muted">
                Subtotal{' '}
                <span className="tabular-nums" data-testid="cart-subtotal">
                  {formatMoney(cart.subtotal)}
                </span>
              </p>
              {cart.discount?.amount && <DiscountLine code={cart.discount.code} amount={cart.discount.amount} />}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-4">
              <p className="text-lg">
                Total{' '}
                <span className="font-semibold tabular-nums" data-testid="cart-total">
                  {formatMoney(cart.total)}
                </span>
              </p>
              {user ? (
                <ButtonLink href={commercePaths.checkout}>Checkout</ButtonLink>
              ) : (
                <ButtonLink href={commercePaths.login}>Log in to check out</ButtonLink>
              )}
            </div>
          </Card>
        )}
      </div>
    </>
  );
}
