import type { Money } from '../../contracts/common';
import type {
  AdminOrder,
  AuditEntry,
  CartItem,
  DiscountCode,
  DiscountRedemption,
  Order,
  OrderMessage,
  OrderReturn,
  Product,
  Refund,
  VaultItem,
} from '../../contracts/commerce';
import type { CartItemRow, ProductRow, VariantRow } from './catalog.repository';
import type { EntitlementRow } from './entitlements.repository';
import type { MessageRow, OrderLineRow, OrderRow } from './orders.repository';
import type { RefundRow, ReturnRow } from './refunds.repository';
import { iso } from '../../common/iso';
import { mediaUrl } from '../../common/media-url';
import { maxQuantityOf } from './dto/commerce.dto';
import { categoryLabel } from './categories';
import { discountState } from './discount-rules';
import type { DiscountCodeRow, RedemptionRow } from './discounts.repository';
import { isoDay } from '../../common/days';

/** Rows → wire JSON typed by src/contracts/commerce.ts. Minor units arrive from pg as strings (bigint). */
export function money(amountMinor: string | number, currency: string): Money {
  return { amount_minor: Number(amountMinor), currency };
}

export function toProductJson(p: ProductRow, variants: VariantRow[]): Product {
  const cheapest = variants.reduce<VariantRow | null>(
    (min, v) => (!min || Number(v.price_minor) < Number(min.price_minor) ? v : min),
    null,
  );
  const downloadable = p.kind === 'digital' && p.asset_key !== null;
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    description: p.description,
    department: p.department,
    category: p.category,
    kind: p.kind,
    image_url: mediaUrl(p.image_key),
    seller: p.seller_id ? { id: p.seller_id, name: p.seller_name ?? '' } : null,
    credit_amount: p.credit_amount,
    credit_validity_days: p.credit_validity_days,
    download_limit: downloadable ? p.download_limit : null,
    max_quantity: maxQuantityOf(p.kind),
    style_pack: p.style_pack,
    price_from: cheapest ? money(cheapest.price_minor, cheapest.currency) : null,
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      name: v.name,
      price: money(v.price_minor, v.currency),
      stock: v.stock,
      boost_days: v.boost_days,
    })),
  };
}

export function toCartItemJson(i: CartItemRow, listingName: (id: string) => string | undefined): CartItem {
  return {
    id: i.item_id,
    variant_id: i.id,
    product: {
      id: i.product_id,
      slug: i.product_slug,
      title: i.product_title,
      kind: i.kind,
      image_url: mediaUrl(i.image_key),
    },
    variant_name: i.name,
    quantity: i.quantity,
    unit_price: money(i.unit_price_minor, i.currency),
    current_price: money(i.price_minor, i.currency),
    line_total: money(Number(i.price_minor) * i.quantity, i.currency),
    stock: i.stock,
    max_quantity: maxQuantityOf(i.kind),
    listing: i.property_id ? { id: i.property_id, name: listingName(i.property_id) ?? 'Listing' } : null,
  };
}

export function toOrderJson(o: OrderRow, lines: OrderLineRow[]): Order {
  return {
    id: o.id,
    number: o.number,
    email: o.email,
    status: o.status,
    payment_status: o.payment_status,
    fulfilment_status: o.fulfilment_status,
    return_status: o.return_status,
    requires_shipping: o.requires_shipping,
    subtotal: money(o.subtotal_minor, o.currency),
    discount: o.discount_code ? { code: o.discount_code, amount: money(o.discount_minor, o.currency) } : null,
    total: money(o.total_minor, o.currency),
    refunded: money(o.refunded_minor, o.currency),
    shipping_address: o.shipping_address,
    tracking: o.tracking_number ? { carrier: o.tracking_carrier, number: o.tracking_number } : null,
    provider: o.provider,
    referral_code: o.referral_code,
    lines: lines
      .filter((l) => l.order_id === o.id)
      .map((l) => ({
        id: l.id,
        product_id: l.product_id,
        variant_id: l.variant_id,
        title: l.title,
        category: l.category,
        kind: l.kind,
        quantity: l.quantity,
        unit_price: money(l.unit_price_minor, o.currency),
        discount: money(l.discount_minor, o.currency),
        total: money(l.total_minor, o.currency),
        refunded: money(l.refunded_minor, o.currency),
      })),
    created_at: iso(o.created_at)!,
    paid_at: iso(o.paid_at),
    expires_at: iso(o.expires_at)!,
  };
}

export function toAdminOrderJson(o: OrderRow, lines: OrderLineRow[]): AdminOrder {
  return {
    ...toOrderJson(o, lines),
    user: o.user_id ? { id: o.user_id, name: o.user_name ?? '', email: o.user_email ?? '' } : null,
  };
}

export function toReturnJson(r: ReturnRow & { order_number?: string }): OrderReturn {
  return {
    id: r.id,
    order_id: r.order_id,
    order_number: r.order_number ?? '',
    reason: r.reason,
    status: r.status,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export function toMessageJson(m: MessageRow): OrderMessage {
  return {
    id: m.id,
    body: m.body,
    from_staff: m.from_staff,
    author: m.author_id ? { id: m.author_id, name: m.author_name ?? '' } : null,
    created_at: iso(m.created_at)!,
  };
}

export function toRefundJson(r: RefundRow, currency: string): Refund {
  return {
    id: r.id,
    order_id: r.order_id,
    amount: money(r.amount_minor, currency),
    status: r.status,
    reason: r.reason,
    lines: r.lines,
    created_at: iso(r.created_at)!,
  };
}

export function toAuditJson(a: {
  id: string;
  action: string;
  detail: Record<string, unknown>;
  created_at: Date;
  actor_id: string | null;
  actor_name: string | null;
}): AuditEntry {
  return {
    id: a.id,
    action: a.action,
    actor: a.actor_id ? { id: a.actor_id, name: a.actor_name ?? '' } : null,
    detail: a.detail,
    created_at: iso(a.created_at)!,
  };
}

export function toVaultJson(e: EntitlementRow): VaultItem {
  return {
    id: e.id,
    order_id: e.order_id,
    order_number: e.order_number ?? '',
    product_id: e.product_id,
    title: e.title,
    downloadable: e.asset_key !== null,
    download_limit: e.download_limit,
    downloads_used: e.downloads_used,
    revoked: e.revoked_at !== null,
    created_at: iso(e.created_at)!,
  };
}

/** A discount code with its uses and its state at `now` in a sentence. */
export function toDiscountJson(c: DiscountCodeRow, now: Date): DiscountCode {
  const held = c.held ?? 0;
  const used = c.live_uses - held;
  const state = discountState(c, c.live_uses, now);
  const until = c.ends_at ? ` until ${isoDay(new Date(c.ends_at))}` : '';
  const labels: Record<DiscountCode['state'], string> = {
    disabled: 'Switched off',
    scheduled: `Starts on ${isoDay(new Date(c.starts_at))}`,
    ended: `Ended on ${c.ends_at ? isoDay(new Date(c.ends_at)) : ''}`,
    used_up: `Used up (${c.live_uses} of ${c.max_uses})`,
    active: `Active${until}`,
  };
  return {
    id: c.id,
    code: c.code,
    description: c.description,
    kind: c.kind,
    percent_off: c.percent_off,
    amount_off: c.amount_off_minor !== null ? money(c.amount_off_minor, c.currency!) : null,
    scope: c.product_id
      ? { kind: 'product', product_id: c.product_id, title: c.product_title ?? '' }
      : c.category
        ? { kind: 'category', category: c.category, label: categoryLabel(c.category) }
        : { kind: 'all' },
    starts_at: iso(c.starts_at)!,
    ends_at: iso(c.ends_at),
    max_uses: c.max_uses,
    max_uses_per_customer: c.max_uses_per_customer,
    used,
    held,
    affiliate_code: c.affiliate_code,
    active: c.active,
    state,
    state_label: labels[state],
    created_at: iso(c.created_at)!,
  };
}

export function toRedemptionJson(r: RedemptionRow): DiscountRedemption {
  return {
    id: r.id,
    code: r.code,
    order_id: r.order_id,
    order_number: r.order_number,
    buyer_name: r.buyer_name,
    amount: money(r.amount_minor, r.currency),
    status: r.status,
    created_at: iso(r.created_at)!,
  };
}
