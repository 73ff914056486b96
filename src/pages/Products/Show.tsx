import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import type { BoostableListing } from '@contracts/boosts';
import type { Product } from '@contracts/commerce';
import { commerceApi, commercePaths } from '@/api/commerce';
import { propertyPaths } from '@/api/properties';
import { formatMoney, humanize } from '@/components/commerce/format';
import { Button, ButtonLink, SelectField, TextField } from '@/components/ui';
import { useApiForm, type BoundField } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

type Props = PageProps<{ product: Product; boostable_listings: BoostableListing[] | null }>;

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** A product: pictures, options with prices and stock, add to cart (a boost asks which listing first). */
export default function ProductsShow({ product, boostable_listings }: Props) {
  const [added, setAdded] = useState(false);
  const isBoost = product.kind === 'listing_boost';
  const form = useApiForm(
    { variant_id: product.variants[0]?.id ?? '', quantity: '1', property_id: boostable_listings?.[0]?.id ?? '' },
    { successMessage: 'Added to your cart', onSuccess: () => setAdded(true) },
  );
  const variant = product.variants.find((v) => v.id === form.data.variant_id) ?? product.variants[0];
  const soldOut = variant?.stock === 0;
  const noListing = isBoost && !boostable_listings?.length;

  return (
    <>
      <Head title={product.title} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <div className="aspect-[4/3] overflow-hidden rounded-2xl bg-gradient-to-br from-brand-100 to-brand-50 dark:from-brand-950 dark:to-slate-900">
          {product.image_url && (
            <img src={product.image_url} alt={product.title} className="h-full w-full object-cover" />
          )}
        </div>
        <div className="space-y-4">
          <Link
            href={`${commercePaths.products}?category=${product.category}`}
            className="text-xs uppercase tracking-wide text-brand-600 dark:text-brand-300"
          >
            {humanize(product.category)}
          </Link>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{product.title}</h1>
          <p className="text-slate-600 dark:text-slate-300">{product.description || product.summary}</p>
          <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
            {product.credit_amount && (
              <li>
                {product.credit_amount} image credits
                {product.credit_validity_days ? `, valid ${product.credit_validity_days} days` : ''}
              </li>
            )}
            {product.download_limit && <li>Download up to {product.download_limit} times from your Vault</li>}
            {isBoost && (
              <li>
                Shown first, marked “Sponsored”, in market searches that match the listing
                {variant?.boost_days ? `, for ${variant.boost_days} days` : ''}; unused days are refunded if the listing
                leaves the market
              </li>
            )}
            {product.kind === 'style_pack' && <li>Its styles appear in the AI designer’s theme list once paid</li>}
            <li>Sold by {product.seller?.name ?? 'Reelty'}</li>
          </ul>
          <p className="text-3xl font-semibold tabular-nums text-slate-900 dark:text-white" data-testid="price">
            {formatMoney(variant?.price)}
          </p>
          <form
            className="space-y-3"
            onSubmit={form.handleSubmit((v) =>
              commerceApi.addToCart(v.variant_id, Number(v.quantity), isBoost ? v.property_id : undefined),
            )}
          >
            {isBoost && <BoostListingChoice listings={boostable_listings} field={form.field('property_id')} />}
            {product.variants.length > 1 && (
              <SelectField
                label="Option"
                options={product.variants.map((v) => ({ value: v.id, label: `${v.name} — ${formatMoney(v.price)}` }))}
                {...form.field('variant_id')}
              />
            )}
            {product.max_quantity > 1 && (
              <TextField
                label="Quantity"
                type="number"
                min={1}
                max={product.max_quantity}
                inputClassName="w-24"
                {...form.field('quantity')}
              />
            )}
            {variant?.stock !== null && variant?.stock !== undefined && (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {soldOut ? 'Sold out' : `${variant.stock} left`}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={form.processing} disabled={soldOut || noListing}>
                Add to cart
              </Button>
              {added && (
                <ButtonLink href={commercePaths.cart} variant="secondary">
                  Go to cart
                </ButtonLink>
              )}
            </div>
          </form>
        </div>
      </div>
    </>
  );
}

/** Which of the buyer's listings a boost is for: only their own listings in market search are offered. */
function BoostListingChoice({ listings, field }: { listings: BoostableListing[] | null; field: BoundField }) {
  if (!listings)
    return (
      <p className="text-sm text-ink-muted">
        <Link href={commercePaths.login} className="text-accent-ink underline">
          Sign in
        </Link>{' '}
        to choose which of your listings to boost.
      </p>
    );
  if (!listings.length)
    return (
      <p className="text-sm text-ink-muted" data-testid="no-boostable-listing">
        A boost promotes one of your listings in market search, and you have none there yet.{' '}
        <Link href={propertyPaths.dashboard} className="text-accent-ink underline">
          Publish a listing
        </Link>{' '}
        (public, with its place on the map) first.
      </p>
    );
  return (
    <SelectField
      label="Listing to boost"
      options={listings.map((l) => ({
        value: l.id,
        label: `${l.name}${l.city ? `, ${l.city}` : ''}${l.boosted_until ? ` (boosted until ${day(l.boosted_until)}: this one follows)` : ''}`,
      }))}
      {...field}
    />
  );
}
