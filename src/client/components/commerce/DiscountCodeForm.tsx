import type { Money } from '@contracts/common';
import type { Cart } from '@contracts/commerce';
import { commerceApi } from '@/api/commerce';
import { Button, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { useAttempt } from '@/hooks/useAttempt';
import { formatMoney } from './format';

/**
 * The cart's discount code: a box to apply one (one per order, a new one replaces it), then the code with what it
 * takes off now, or, when the cart changed so that it no longer applies, the server's reason, with Remove.
 */
export function DiscountCodeForm({ cart, onCart }: { cart: Cart; onCart: (cart: Cart) => void }) {
  const form = useApiForm({ code: '' }, { onSuccess: ({ cart: next }: { cart: Cart }) => onCart(next) });
  const { busy, attempt } = useAttempt();
  const remove = async () => {
    const answer = await attempt(() => commerceApi.removeDiscount(), 'The code could not be removed.');
    if (answer) onCart(answer.cart);
  };
  const discount = cart.discount;
  return (
    <div className="space-y-2" data-testid="discount-code">
      {discount && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="min-w-0">
            <span className="font-mono font-semibold text-ink">{discount.code}</span>
            {discount.description && <span className="text-ink-muted"> · {discount.description}</span>}
            {discount.amount ? (
              <span className="text-ink-muted" data-testid="discount-amount">
                {' '}
                · −{formatMoney(discount.amount)}
              </span>
            ) : (
              <span className="block text-amber-700 dark:text-amber-400" role="status">
                {discount.problem}
              </span>
            )}
          </p>
          <Button variant="ghost" size="sm" loading={busy} onClick={remove}>
            Remove code
          </Button>
        </div>
      )}
      <form
        onSubmit={form.handleSubmit((v) => commerceApi.applyDiscount(v.code))}
        className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <TextField
          label={discount ? 'Use another code instead' : 'Discount code'}
          autoComplete="off"
          {...form.field('code')}
        />
        <Button type="submit" variant="secondary" loading={form.processing}>
          Apply
        </Button>
      </form>
    </div>
  );
}

/** The discount line of a summary: "Discount (SPRING10) −$4.90". */
export function DiscountLine({ code, amount }: { code: string; amount: Money }) {
  return (
    <p className="flex justify-between gap-2 text-sm text-ink-muted" data-testid="discount-line">
      <span>
        Discount (<span className="font-mono">{code}</span>)
      </span>
      <span className="tabular-nums">−{formatMoney(amount)}</span>
    </p>
  );
}
