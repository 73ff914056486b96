/**
 * Commerce wire shapes: catalogue, cart, checkout, orders (four state axes), returns, support messages, the vault.
 * Money is always `Money` (integer minor units + currency).
 */
import type { Money, Page } from './common';

export type Department = 'ai' | 'real_estate';
/**
 * What buying a product gives: credits, a vault file, goods shipped, a service another area delivers (a sticker pack,
 * a lead), a boost of one of the buyer's listings in market search, or a style pack's designer styles.
 */
export type ProductKind = 'credit_pack' | 'digital' | 'physical' | 'service' | 'listing_boost' | 'style_pack';
export type OrderStatus = 'placed' | 'paid' | 'partially_fulfilled' | 'fulfilled' | 'cancelled' | 'expired';
export type PaymentStatus = 'pending' | 'paid' | 'partially_refunded' | 'refunded' | 'failed';
export type FulfilmentStatus = 'unfulfilled' | 'fulfilled';
export type ReturnStatus = 'requested' | 'approved' | 'received' | 'refunded' | 'declined';

export interface ProductVariant {
  id: string;
  sku: string;
  name: string;
  price: Money;
  /** Units left for physical goods; null when the variant is not stocked (digital, services). */
  stock: number | null;
  /** A listing boost's days in search; null for other kinds. */
  boost_days: number | null;
}

export interface Product {
  id: string;
  slug: string;
  title: string;
  summary: string;
  description: string;
  department: Department;
  category: string;
  kind: ProductKind;
  image_url: string | null;
  /** Who sells it: null is the platform. */
  seller: { id: string; name: string } | null;
  credit_amount: number | null;
  credit_validity_days: number | null;
  download_limit: number | null;
  /** How many one cart line may hold (1 for a listing boost or a style pack). */
  max_quantity: number;
  /** A style pack's key: the designer styles it unlocks (`style_pack` products only). */
  style_pack: string | null;
  price_from: Money | null;
  variants: ProductVariant[];
}

export interface ProductFilters {
  q?: string;
  department?: Department;
  category?: string;
  min_price?: number;
  max_price?: number;
  page?: number;
}

export interface CatalogueCategory {
  slug: string;
  label: string;
  department: Department;
}

export interface CartItem {
  id: string;
  variant_id: string;
  product: { id: string; slug: string; title: string; kind: ProductKind; image_url: string | null };
  variant_name: string;
  quantity: number;
  unit_price: Money;
  /** The catalogue price now; differs from unit_price when it changed since the item was added. */
  current_price: Money;
  line_total: Money;
  stock: number | null;
  /** How many this line may hold (1 for a listing boost or a style pack). */
  max_quantity: number;
  /** The listing a boost is for (listing boosts only). */
  listing: { id: string; name: string } | null;
}

export interface Cart {
  id: string | null;
  items: CartItem[];
  count: number;
  subtotal: Money | null;
  /** The discount code held by the cart (one per order): what it takes off now, or why it does not apply. */
  discount: CartDiscount | null;
  /** What checkout charges: the subtotal less the discount. */
  total: Money | null;
  requires_shipping: boolean;
}

export interface CartDiscount {
  code: string;
  description: string;
  /** Null when the code does not apply to this cart now (see `problem`). */
  amount: Money | null;
  problem: string | null;
}

export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  country_code: string;
}

export interface SavedAddress extends ShippingAddress {
  id: string;
  label: string;
  is_default: boolean;
}

export interface CheckoutRequest {
  address_id?: string;
  shipping_address?: ShippingAddress;
  referral_code?: string;
  /** The total the buyer saw (minor units, after the discount); a different server total answers 422. */
  expected_total_minor?: number;
}

export interface CheckoutSession {
  order_id: string;
  order_number: string;
  session_id: string;
  /** Where to send the buyer: the provider's hosted payment page. */
  url: string;
  total: Money;
  expires_at: string;
}

export interface OrderLine {
  id: string;
  product_id: string;
  variant_id: string;
  title: string;
  category: string;
  kind: ProductKind;
  quantity: number;
  unit_price: Money;
  /** The line's share of the order's discount code. */
  discount: Money;
  /** What the buyer paid for the line: quantity × unit price less its discount. */
  total: Money;
  refunded: Money;
}

export interface Order {
  id: string;
  number: string;
  email: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
  return_status: ReturnStatus | null;
  requires_shipping: boolean;
  subtotal: Money;
  discount: { code: string; amount: Money } | null;
  total: Money;
  refunded: Money;
  shipping_address: ShippingAddress | null;
  tracking: { carrier: string | null; number: string } | null;
  provider: string;
  referral_code: string | null;
  lines: OrderLine[];
  created_at: string;
  paid_at: string | null;
  expires_at: string;
}

export interface AdminOrder extends Order {
  user: { id: string; name: string; email: string } | null;
}

export interface OrderReturn {
  id: string;
  order_id: string;
  order_number: string;
  reason: string;
  status: ReturnStatus;
  created_at: string;
  updated_at: string;
}

export interface OrderMessage {
  id: string;
  body: string;
  from_staff: boolean;
  author: { id: string; name: string } | null;
  created_at: string;
}

export interface AuditEntry {
  id: string;
  action: string;
  actor: { id: string; name: string } | null;
  detail: Record<string, unknown>;
  created_at: string;
}

export interface Refund {
  id: string;
  order_id: string;
  amount: Money;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string;
  lines: Array<{ line_id: string; amount_minor: number }>;
  created_at: string;
}

export interface VaultItem {
  id: string;
  order_id: string;
  order_number: string;
  product_id: string;
  title: string;
  downloadable: boolean;
  download_limit: number;
  downloads_used: number;
  revoked: boolean;
  created_at: string;
}

export interface DownloadLink {
  url: string;
  expires_at: string;
}

export interface LocalPaymentSession {
  id: string;
  amount: Money;
  description: string;
  status: 'open' | 'paid' | 'failed' | 'expired';
  cancel_url: string;
}

export type ProductPage = Page<Product>;
export type OrderPage = Page<Order>;
export type AdminOrderPage = Page<AdminOrder>;

export type DiscountKind = 'percent' | 'fixed';
/** Where a code applies: the whole shop, one product, or one catalogue category. */
export type DiscountScope =
  | { kind: 'all' }
  | { kind: 'product'; product_id: string; title: string }
  | { kind: 'category'; category: string; label: string };
/** Derived from the window, the switch and the uses: scheduled, active, ended, disabled or used up. */
export type DiscountState = 'scheduled' | 'active' | 'ended' | 'disabled' | 'used_up';

export interface DiscountCode {
  id: string;
  code: string;
  description: string;
  kind: DiscountKind;
  percent_off: number | null;
  amount_off: Money | null;
  scope: DiscountScope;
  starts_at: string;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_customer: number;
  /** Paid orders that used the code. */
  used: number;
  /** Orders placed with it and waiting for payment (they count against the limits until they expire). */
  held: number;
  /** The affiliate credited for every order that uses it (their referral code). */
  affiliate_code: string | null;
  active: boolean;
  state: DiscountState;
  /** The state in a sentence, with its date: "Active until 31 Dec 2026", "Used up (100 of 100)". */
  state_label: string;
  created_at: string;
}

export interface DiscountRedemption {
  id: string;
  code: string;
  order_id: string;
  order_number: string;
  buyer_name: string | null;
  amount: Money;
  status: 'held' | 'used' | 'released';
  created_at: string;
}

export interface NewDiscountCode {
  code: string;
  description?: string;
  kind: DiscountKind;
  percent_off?: number;
  amount_off_minor?: number;
  currency?: string;
  product_id?: string;
  category?: string;
  starts_at?: string;
  ends_at?: string;
  max_uses?: number;
  max_uses_per_customer?: number;
  affiliate_code?: string;
}
