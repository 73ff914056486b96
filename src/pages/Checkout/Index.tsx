import { Head, Link } from '@inertiajs/react';
import { readAffiliateRef } from '@/lib/affiliate-ref';
import { useRef, useState } from 'react';
import type { Cart, SavedAddress } from '@contracts/commerce';
import { commerceApi, commercePaths, newIdempotencyKey } from '@/api/commerce';
import { DiscountLine } from '@/components/commerce/DiscountCodeForm';
import { formatMoney } from '@/components/commerce/format';
import { Alert, Button, ButtonLink, Card, EmptyState, FormField, Input, Select, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

type Props = PageProps<{ cart: Cart; addresses: SavedAddress[]; provider: 'local' | 'stripe' }>;

const NEW = 'new';

/** Checkout: summary, shipping address (saved or new) when printed goods are in the cart, then the provider's page. */
export default function CheckoutIndex({ cart, addresses, provider }: Props) {
  const key = useRef(newIdempotencyKey());
  const fallback = addresses.find((a) => a.is_default)?.id ?? addresses[0]?.id ?? NEW;
  const [choice, setChoice] = useState(fallback);
  const form = useApiForm(
    {
      referral_code: readAffiliateRef()?.ref ?? '',
      name: '',
      line1: '',
      line2: '',
      city: '',
      state: '',
      zip: '',
      country_code: 'US',
    },
    { onSuccess: (r: { session: { url: string } }) => window.location.assign(r.session.url) },
  );

  if (!cart.items.length)
    return (
      <EmptyState
        title="Your cart is empty"
        action={<ButtonLink href={commercePaths.marketplace}>Open the marketplace</ButtonLink>}
      />
    );

  const submit = form.handleSubmit((v) => {
    const shipping = cart.requires_shipping && choice === NEW;
    return commerceApi.checkout(
      {
        referral_code: v.referral_code || undefined,
        address_id: cart.requires_shipping && choice !== NEW ? choice : undefined,
        shipping_address: shipping
          ? {
              name: v.name,
              line1: v.line1,
              line2: v.line2 || null,
              city: v.city,
              state: v.state,
              zip: v.zip,
              country_code: v.country_code,
            }
          : undefined,
        expected_total_minor: cart.total?.amount_minor,
      },
      key.current,
    );
  });
  const field = (name: keyof typeof form.data, label: string) => (
    <FormField label={label} name={name} error={form.errors[`shipping_address.${name}`] ?? form.errors[name]}>
      <Input value={form.data[name]} onChange={(e) => form.set(name, e.target.value)} />
    </FormField>
  );

  return (
    <>
      <Head title="Checkout" />
      <form onSubmit={submit} className="mx-auto grid max-w-4xl gap-6 md:grid-cols-[1fr_20rem]">
        <div className="space-y-4">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Checkout</h1>
          {cart.requires_shipping && (
            <Card title="Shipping address" description="Printed goods ship to this address.">
              {addresses.length > 0 && (
                <Select
                  aria-label="Saved address"
                  value={choice}
                  onChange={(e) => setChoice(e.target.value)}
                  options={[
                    ...addresses.map((a) => ({ value: a.id, label: `${a.label}: ${a.line1}, ${a.city}` })),
                    { value: NEW, label: 'A new address' },
                  ]}
                />
              )}
              {choice === NEW && (
                <div className="mt-3 grid gap-3 sm:grid-cols-2">
                  {field('name', 'Name')}
                  {field('line1', 'Street')}
                  {field('line2', 'Apartment, suite')}
                  {field('city', 'City')}
                  {field('state', 'State')}
                  {field('zip', 'Postal code')}
                  {field('country_code', 'Country code')}
                </div>
              )}
              {form.errors.shipping_address && (
                <p className="mt-2 text-sm text-red-600 dark:text-red-400">{form.errors.shipping_address}</p>
              )}
            </Card>
          )}
          <Card title="Referral code" description="If someone sent you here, their code credits them.">
            <TextField label="Code" {...form.field('referral_code')} />
          </Card>
        </div>
        <Card title="Summary">
          <ul className="space-y-2 text-sm">
            {cart.items.map((i) => (
              <li key={i.id} className="flex justify-between gap-2">
                <span className="min-w-0 truncate">
                  {i.quantity} × {i.product.title}
                </span>
                <span className="tabular-nums">{formatMoney(i.line_total)}</span>
              </li>
            ))}
          </ul>
          {cart.discount?.amount && (
            <div className="mt-4 space-y-1 border-t border-line pt-3">
              <p className="flex justify-between gap-2 text-sm text-ink-muted">
                Subtotal <span className="tabular-nums">{formatMoney(cart.subtotal)}</span>
              </p>
              <DiscountLine code={cart.discount.code} amount={cart.discount.amount} />
            </div>
          )}
          {cart.discount?.problem && (
            <Alert variant="warning" className="mt-3">
              {cart.discount.problem}{' '}
              <Link href={commercePaths.cart} className="underline">
                Remove it in your cart
              </Link>{' '}
              to pay the full price.
            </Alert>
          )}
          <p className="mt-4 flex justify-between border-t border-line pt-3 font-semibold">
            Total{' '}
            <span className="tabular-nums" data-testid="checkout-total">
              {formatMoney(cart.total)}
            </span>
          </p>
          {Object.entries(form.errors)
            .filter(
              ([k, v]) =>
                v && (k.startsWith('items.') || k === 'expected_total_minor' || k === 'cart' || k === 'discount_code'),
            )
            .map(([k, v]) => (
              <Alert key={k} variant="warning" className="mt-3">
                {v}
              </Alert>
            ))}
          <Button type="submit" fullWidth className="mt-4" loading={form.processing}>
            Pay {formatMoney(cart.total)}
          </Button>
          {provider === 'local' && (
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">Test mode: no real money moves.</p>
          )}
        </Card>
      </form>
    </>
  );
}
