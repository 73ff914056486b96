import { Head, router } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { CatalogueCategory, DiscountCode, DiscountRedemption } from '@contracts/commerce';
import { commerceApi, commercePaths } from '@/api/commerce';
import { EnableToggle } from '@/components/admin/EnableToggle';
import { useAdminAction } from '@/components/admin/useAdminAction';
import { discountTerms, formatMoney, humanize, toMinor } from '@/components/commerce/format';
import { Button, Card, DataTable, EmptyState, Pagination, SelectField, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

type Props = PageProps<{
  codes: Page<DiscountCode>;
  redemptions: Page<DiscountRedemption>;
  categories: CatalogueCategory[];
  products: Array<{ id: string; title: string }>;
}>;

const scopeOf = (c: DiscountCode) =>
  c.scope.kind === 'all' ? 'Whole shop' : c.scope.kind === 'product' ? c.scope.title : c.scope.label;
const STATE_TONE: Record<DiscountCode['state'], string> = {
  active: 'text-emerald-700 dark:text-emerald-400',
  scheduled: 'text-amber-700 dark:text-amber-400',
  ended: 'text-ink-muted',
  disabled: 'text-ink-muted',
  used_up: 'text-ink-muted',
};

/** Admin Discount codes: create one, watch its uses, switch it off; the latest orders that used a code. */
export default function AdminDiscounts({ codes, redemptions, categories, products }: Props) {
  return (
    <>
      <Head title="Discount codes" />
      <div className="space-y-4">
        <h1 className="text-headline text-ink">Discount codes</h1>
        <NewCodeForm categories={categories} products={products} />
        <Card title="Codes" padded={false}>
          {codes.data.length === 0 ? (
            <EmptyState inset title="No discount codes yet" description="Create the first one above." />
          ) : (
            <CodesTable codes={codes.data} />
          )}
        </Card>
        <Pagination of={codes} hrefFor={(p) => commercePaths.adminDiscountsPage(p, redemptions.current_page)} />
        <Card
          title="Latest redemptions"
          description="Held while an order waits for payment; used once it is paid."
          padded={false}
        >
          {redemptions.data.length === 0 ? (
            <EmptyState inset title="No code used yet" />
          ) : (
            <DataTable
              rows={redemptions.data}
              rowKey={(r) => r.id}
              columns={[
                { header: 'Code', cell: (r) => <span className="font-mono">{r.code}</span> },
                { header: 'Order', cell: (r) => r.order_number },
                { header: 'Buyer', cell: (r) => r.buyer_name ?? '—' },
                { header: 'Took off', numeric: true, cell: (r) => formatMoney(r.amount) },
                { header: 'State', cell: (r) => humanize(r.status) },
              ]}
            />
          )}
        </Card>
        <Pagination of={redemptions} hrefFor={(p) => commercePaths.adminDiscountsPage(codes.current_page, p)} />
      </div>
    </>
  );
}

function CodesTable({ codes }: { codes: DiscountCode[] }) {
  const { busy, run } = useAdminAction(['codes']);
  return (
    <DataTable
      rows={codes}
      rowKey={(c) => c.id}
      minWidth="min-w-[48rem]"
      columns={[
        {
          header: 'Code',
          cell: (c) => (
            <>
              <span className="font-mono font-semibold text-ink">{c.code}</span>
              {c.description && <span className="block text-xs text-ink-muted">{c.description}</span>}
            </>
          ),
        },
        { header: 'Takes off', cell: discountTerms },
        { header: 'For', cell: scopeOf },
        {
          header: 'Uses',
          numeric: true,
          cell: (c) => (
            <span data-testid={`uses-${c.code}`}>
              {c.used}
              {c.max_uses !== null && ` of ${c.max_uses}`}
              {c.held > 0 && <span className="block text-xs text-ink-muted">{c.held} awaiting payment</span>}
              <span className="block text-xs text-ink-muted">{c.max_uses_per_customer} per customer</span>
            </span>
          ),
        },
        { header: 'Affiliate', cell: (c) => c.affiliate_code ?? '—' },
        {
          header: 'State',
          cell: (c) => (
            <span className={STATE_TONE[c.state]} data-testid={`state-${c.code}`}>
              {c.state_label}
            </span>
          ),
        },
        {
          header: '',
          cell: (c) => (
            <EnableToggle
              enabled={c.active}
              busy={busy}
              onToggle={() => run(() => commerceApi.updateDiscount(c.id, { active: !c.active }))}
            />
          ),
        },
      ]}
    />
  );
}

const EMPTY = {
  code: '',
  description: '',
  kind: 'percent',
  amount: '',
  scope: 'all',
  category: '',
  product_id: '',
  starts_at: '',
  ends_at: '',
  max_uses: '',
  max_uses_per_customer: '1',
  affiliate_code: '',
};

/** The form's strings as the API's fields: money in cents, dates as ISO, empty boxes left out. */
function toRequest(v: typeof EMPTY) {
  const whole = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const when = (text: string) => (text ? new Date(text).toISOString() : undefined);
  return {
    code: v.code,
    description: v.description || undefined,
    kind: v.kind as DiscountCode['kind'],
    percent_off: v.kind === 'percent' ? whole(v.amount) : undefined,
    amount_off_minor: v.kind === 'fixed' ? (toMinor(v.amount) ?? Number.NaN) : undefined,
    currency: v.kind === 'fixed' ? 'USD' : undefined,
    category: v.scope === 'category' ? v.category || undefined : undefined,
    product_id: v.scope === 'product' ? v.product_id || undefined : undefined,
    starts_at: when(v.starts_at),
    ends_at: when(v.ends_at),
    max_uses: whole(v.max_uses),
    max_uses_per_customer: whole(v.max_uses_per_customer),
    affiliate_code: v.affiliate_code || undefined,
  };
}

function NewCodeForm({ categories, products }: Pick<Props, 'categories' | 'products'>) {
  const form = useApiForm(EMPTY, {
    successMessage: ({ code }: { code: DiscountCode }) => `${code.code} created: ${code.state_label}.`,
    onSuccess: () => {
      form.reset();
      router.reload({ only: ['codes'] });
    },
  });
  const amountError = form.errors.percent_off ?? form.errors.amount_off_minor;
  return (
    <Card title="New code" description="Buyers type it in their cart; one code per order.">
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={form.handleSubmit((v) => commerceApi.createDiscount(toRequest(v)))}
      >
        <TextField label="Code" placeholder="SPRING10" {...form.field('code')} />
        <TextField label="Description (buyers see it)" {...form.field('description')} />
        <SelectField
          label="Takes off"
          options={[
            { value: 'percent', label: 'A percentage' },
            { value: 'fixed', label: 'A fixed amount (USD)' },
          ]}
          {...form.field('kind')}
        />
        <TextField
          label={form.data.kind === 'percent' ? 'Percent off' : 'Amount off (USD)'}
          inputMode="decimal"
          {...form.field('amount')}
          error={amountError}
        />
        <SelectField
          label="For"
          options={[
            { value: 'all', label: 'The whole shop' },
            { value: 'category', label: 'One category' },
            { value: 'product', label: 'One product' },
          ]}
          {...form.field('scope')}
        />
        {form.data.scope === 'category' && (
          <SelectField
            label="Category"
            placeholder="Choose a category"
            options={categories.map((c) => ({ value: c.slug, label: c.label }))}
            {...form.field('category')}
          />
        )}
        {form.data.scope === 'product' && (
          <SelectField
            label="Product"
            placeholder="Choose a product"
            options={products.map((p) => ({ value: p.id, label: p.title }))}
            {...form.field('product_id')}
          />
        )}
        <TextField label="Starts (empty: now)" type="datetime-local" {...form.field('starts_at')} />
        <TextField label="Ends (empty: never)" type="datetime-local" {...form.field('ends_at')} />
        <TextField label="Uses in all (empty: no limit)" inputMode="numeric" {...form.field('max_uses')} />
        <TextField label="Uses per customer" inputMode="numeric" {...form.field('max_uses_per_customer')} />
        <TextField label="Affiliate’s referral code (optional)" {...form.field('affiliate_code')} />
        <div className="flex items-end justify-end sm:col-span-2 lg:col-span-4">
          <Button type="submit" loading={form.processing}>
            Create code
          </Button>
        </div>
      </form>
    </Card>
  );
}
