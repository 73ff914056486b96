import { BadGatewayException, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Clock, DAY_MS } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { CheckoutSession, ShippingAddress } from '../../contracts/commerce';
import { BoostsService } from '../boosts';
import { TimersService } from '../jobs';
import { AddressesService, toShippingAddress } from '../settings';
import type { User } from '../users';
import { outOfStock, pricedLines } from './cart.service';
import { CatalogRepository, type CartItemRow, type Db } from './catalog.repository';
import { money } from './commerce.mapper';
import type { CheckoutDto } from './dto/commerce.dto';
import { DiscountsService, type DiscountQuote } from './discounts.service';
import { FulfilmentService } from './fulfilment.service';
import { OrdersRepository, type OrderRow } from './orders.repository';
import { PAYMENT_PROVIDER, clientReference, type PaymentProvider } from './payments/payment-provider';

export const ORDER_EXPIRY_TIMER = 'commerce.order-expiry';
/** An unpaid checkout holds its stock for a day, then the order expires and the units go back. */
export const CHECKOUT_SESSION_TTL_MS = DAY_MS;

type Placed = { kind: 'order'; order: OrderRow } | { kind: 'repriced'; errors: Record<string, string[]> };

@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');

  constructor(
    private readonly catalog: CatalogRepository,
    private readonly orders: OrdersRepository,
    private readonly fulfilment: FulfilmentService,
    private readonly addresses: AddressesService,
    private readonly boosts: BoostsService,
    private readonly discounts: DiscountsService,
    private readonly timers: TimersService,
    private readonly clock: Clock,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Turns the user's cart into a placed order (prices re-read, totals computed here, stock taken in the same
   * transaction) and opens a payment session for it. The same cart checked out again (a second tab, a retry)
   * answers the same order and session instead of a second order.
   */
  async start(user: User, dto: CheckoutDto): Promise<CheckoutSession> {
    const address = await this.shippingAddress(user, dto);
    const placed = await this.orders.transaction((m) => this.place(user, dto, address, m));
    if (placed.kind === 'repriced') throw new ValidationFailedException(placed.errors);
    const order = await this.ensureSession(placed.order);
    await this.timers.at(order.expires_at, ORDER_EXPIRY_TIMER, { orderId: order.id }, order.id);
    const session = await this.provider.retrieveSession(order.provider_session_id!);
    return {
      order_id: order.id,
      order_number: order.number,
      session_id: order.provider_session_id!,
      url: session?.url ?? '',
      total: money(order.total_minor, order.currency),
      expires_at: new Date(order.expires_at).toISOString(),
    };
  }

  /** Timer: an unpaid order past its expiry closes its provider session, then expires (re-checked when it fires). */
  async expire(orderId: string): Promise<string> {
    const order = await this.orders.find(orderId);
    if (!order || order.status !== 'placed' || new Date(order.expires_at).getTime() > this.clock.nowMs())
      return 'skipped';
    if (order.provider_session_id) {
      const session = await this.provider.expireSession(order.provider_session_id);
      // Paid at the last moment: the payment wins and the order is fulfilled instead.
      if (session?.status === 'paid') return (await this.fulfilment.fulfil(order.provider_session_id)).outcome;
    }
    return this.fulfilment.expireOrder(orderId);
  }

  private async place(user: User, dto: CheckoutDto, address: ShippingAddress | null, m: Db): Promise<Placed> {
    const cart = await this.catalog.cartFor({ userId: user.id }, m, true);
    const items = cart ? await this.catalog.items(cart.id, m) : [];
    if (!cart || !items.length) throw ValidationFailedException.of('cart', 'Your cart is empty.');
    for (const item of items)
      if (item.kind === 'listing_boost')
        await this.boosts.assertBoostable(user.id, item.property_id ?? undefined, `items.${item.item_id}`);
    const errors = await this.checkPrices(items, m);
    if (errors) return { kind: 'repriced', errors };
    // Lock order: cart, its open order, then the code (expiry and payment lock the order before the code too).
    if (cart.open_order_id && cart.discount_code_id) await this.orders.lock(cart.open_order_id, m);
    const discount = cart.discount_code_id
      ? await this.discounts.quoteForCheckout(
          cart.discount_code_id,
          { lines: pricedLines(items), currency: items[0].currency, userId: user.id },
          cart.open_order_id,
          m,
        )
      : null;
    const subtotal = items.reduce((sum, i) => sum + Number(i.price_minor) * i.quantity, 0);
    const total = subtotal - (discount?.amountMinor ?? 0);
    if (dto.expected_total_minor !== undefined && dto.expected_total_minor !== total)
      return {
        kind: 'repriced',
        errors: {
          expected_total_minor: [
            `The total is now ${format(total, items[0].currency)}. Review your cart and pay again.`,
          ],
        },
      };
    // A code that belongs to an affiliate credits them, whatever link the buyer clicked before: typing it at
    // checkout is the latest and most deliberate referral.
    const referral = discount?.code.affiliate_code ?? dto.referral_code ?? null;
    const hash = contentHash(items, address, referral, discount);
    const reused = cart.open_order_id ? await this.reuseOrCancel(cart.open_order_id, hash, m) : null;
    if (reused) return { kind: 'order', order: reused };
    const requiresShipping = items.some((i) => i.kind === 'physical');
    if (requiresShipping && !address)
      throw ValidationFailedException.of('shipping_address', 'Add a shipping address for the printed goods.');
    for (const item of items) {
      if (await this.orders.reserveStock(item.id, item.quantity, m)) continue;
      const left = Math.min(await this.catalog.stockOf(item.id, m), item.quantity - 1);
      throw outOfStock(left, item.product_title, `items.${item.item_id}`);
    }
    const order = await this.orders.insertOrder(
      {
        userId: user.id,
        cartId: cart.id,
        contentHash: hash,
        email: user.email,
        currency: items[0].currency,
        subtotalMinor: subtotal,
        discountCode: discount?.code.code ?? null,
        discountMinor: discount?.amountMinor ?? 0,
        requiresShipping,
        shippingAddress: address,
        provider: this.provider.name,
        referralCode: referral,
        expiresAt: new Date(this.clock.nowMs() + CHECKOUT_SESSION_TTL_MS),
      },
      items.map((i) => ({
        productId: i.product_id,
        variantId: i.id,
        title: `${i.product_title} — ${i.name}`,
        category: i.category,
        kind: i.kind,
        quantity: i.quantity,
        unitPriceMinor: Number(i.price_minor),
        discountMinor: discount?.shares.get(i.item_id) ?? 0,
        propertyId: i.property_id,
        boostDays: i.kind === 'listing_boost' ? i.boost_days : null,
      })),
      m,
    );
    if (discount) await this.discounts.hold(discount, order, m);
    await this.catalog.setOpenOrder(cart.id, order.id, m);
    await this.orders.audit(
      order.id,
      user.id,
      'placed',
      { total_minor: total, provider: this.provider.name, ...(discount ? { discount_code: discount.code.code } : {}) },
      m,
    );
    return { kind: 'order', order };
  }

  /**
   * A price that moved since the item went into the cart (or a total the buyer did not see) is a 422 naming the
   * item; the cart then carries the new price, so the next attempt shows and charges it.
   */
  private async checkPrices(items: CartItemRow[], m: Db): Promise<Record<string, string[]> | null> {
    const errors: Record<string, string[]> = {};
    for (const item of items) {
      if (!item.variant_active || !item.product_active)
        throw ValidationFailedException.of(
          `items.${item.item_id}`,
          `${item.product_title} is no longer sold; remove it from your cart.`,
        );
      if (Number(item.unit_price_minor) !== Number(item.price_minor)) {
        errors[`items.${item.item_id}`] = [
          `The price of ${item.product_title} changed from ${format(item.unit_price_minor, item.currency)} to ${format(item.price_minor, item.currency)}. Review your cart and pay again.`,
        ];
        await this.catalog.repriceItem(item.item_id, Number(item.price_minor), m);
      }
    }
    return Object.keys(errors).length ? errors : null;
  }

  /** The cart's open order: the same content answers it again; anything else cancels it and gives its stock back. */
  private async reuseOrCancel(orderId: string, hash: string, m: Db): Promise<OrderRow | null> {
    const open = await this.orders.lock(orderId, m);
    if (!open || open.status !== 'placed' || open.payment_status === 'paid') return null;
    const live = new Date(open.expires_at).getTime() > this.clock.nowMs() + 60_000;
    if (open.content_hash === hash && live) return open;
    await this.fulfilment.cancelPlaced(open, 'cart changed before payment', m);
    return null;
  }

  /** Opens (or finds again, by idempotency key = order id) the provider session; a dead provider cancels the order. */
  private async ensureSession(order: OrderRow): Promise<OrderRow> {
    if (order.provider_session_id) return order;
    const base = this.provider.name === 'local' ? '' : this.config.appUrl;
    try {
      const session = await this.provider.createSession({
        orderId: order.id,
        orderNumber: order.number,
        amountMinor: Number(order.total_minor),
        currency: order.currency,
        email: order.email,
        clientReferenceId: clientReference(order.id, order.referral_code),
        successUrl: `${base}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/cart`,
        expiresAt: new Date(order.expires_at),
        idempotencyKey: `checkout-${order.id}`,
      });
      return this.orders.update(order.id, { provider_session_id: session.id });
    } catch (error) {
      this.logger.warn(`Payment session for ${order.number} failed: ${(error as Error).message}`);
      await this.orders.transaction(async (m) => {
        const locked = await this.orders.lock(order.id, m);
        if (locked?.status === 'placed') await this.fulfilment.cancelPlaced(locked, 'payment provider unavailable', m);
      });
      throw new BadGatewayException('The payment provider could not be reached. Nothing was charged; try again.');
    }
  }

  private async shippingAddress(user: User, dto: CheckoutDto): Promise<ShippingAddress | null> {
    if (dto.shipping_address) return { ...dto.shipping_address, line2: dto.shipping_address.line2 ?? null };
    const saved = dto.address_id
      ? await this.addresses.findOwned(user.id, dto.address_id).catch(() => {
          throw ValidationFailedException.of('address_id', 'Choose one of your saved addresses.');
        })
      : await this.addresses.defaultOf(user.id);
    return saved ? toShippingAddress(saved, user.name) : null;
  }
}

/** What the open order was placed for: a cart checked out again with the same hash answers the same order. */
function contentHash(
  items: CartItemRow[],
  address: ShippingAddress | null,
  referral: string | null,
  discount: DiscountQuote | null,
): string {
  const lines = items.map((i) => `${i.id}/${i.property_id ?? ''}x${i.quantity}@${i.price_minor}`).sort();
  const code = discount ? `${discount.code.id}-${discount.amountMinor}` : null;
  return createHash('sha256').update(JSON.stringify({ lines, address, referral, code })).digest('hex');
}

function format(minor: string | number, currency: string): string {
  return `${(Number(minor) / 100).toFixed(2)} ${currency}`;
}
