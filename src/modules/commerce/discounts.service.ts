import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { isoDay } from '../../common/days';
import { formatMinor } from '../../common/money';
import { ValidationFailedException } from '../../common/validation';
import type { CartDiscount } from '../../contracts/commerce';
import { categoryLabel } from './categories';
import type { Db } from './catalog.repository';
import { money } from './commerce.mapper';
import {
  SMALLEST_PAYMENT_MINOR,
  discountShares,
  discountState,
  normaliseCode,
  totalOf,
  type PricedLine,
} from './discount-rules';
import { DiscountsRepository, type DiscountCodeRow } from './discounts.repository';

/** A code's effect on one cart or order: each covered line's share and their sum. */
export interface DiscountQuote {
  code: DiscountCodeRow;
  shares: Map<string, number>;
  amountMinor: number;
}

/** Who is buying what: the lines priced now, their currency, and the buyer (null for a guest). */
export interface Basket {
  lines: PricedLine[];
  currency: string;
  userId: string | null;
}

/**
 * Applying discount codes: a cart holds one code (one per order), shown with what it takes off now or why it does
 * not apply; checkout re-checks it under the code's row lock, counts the limits and holds a redemption for the
 * order, which payment makes used and cancellation or expiry releases. The arithmetic is `discount-rules.ts`.
 */
@Injectable()
export class DiscountsService {
  constructor(
    private readonly repo: DiscountsRepository,
    private readonly clock: Clock,
  ) {}

  /** The code a buyer typed, if it exists and applies to the basket now; else a 422 on `code` saying why. */
  async findApplicable(input: string, basket: Basket): Promise<DiscountCodeRow> {
    const code = await this.repo.findByCode(normaliseCode(input));
    // Unknown and switched-off codes answer alike, so codes cannot be told apart by guessing.
    if (!code || !code.active) throw ValidationFailedException.of('code', 'There is no such discount code.');
    const shares = discountShares(code, basket.lines);
    const problem = this.problemWith(code, basket, shares, await this.repo.liveUses(code, basket.userId));
    if (problem) throw ValidationFailedException.of('code', problem);
    return code;
  }

  /** The cart's code as the cart shows it: its amount now, or the reason it does not apply (the buyer removes it). */
  async preview(codeId: string, basket: Basket): Promise<CartDiscount | null> {
    const code = await this.repo.withCustomerUses(codeId, basket.userId);
    if (!code) return null;
    const shares = discountShares(code, basket.lines);
    const problem = this.problemWith(code, basket, shares, { all: code.live_uses, mine: code.mine });
    const amount = problem ? null : money(totalOf(shares), basket.currency);
    return { code: code.code, description: code.description, amount, problem };
  }

  /**
   * Checkout: locks the code, checks it again (window, scope, limits not counting `reusableOrderId`, the cart's
   * open order that this checkout may answer again) and answers its quote; a 422 on `discount_code` otherwise.
   */
  async quoteForCheckout(
    codeId: string,
    basket: Basket & { userId: string },
    reusableOrderId: string | null,
    m: Db,
  ): Promise<DiscountQuote> {
    const code = await this.repo.lock(codeId, m);
    if (!code) throw ValidationFailedException.of('discount_code', 'That discount code no longer exists.');
    const uses = await this.repo.liveUses(code, basket.userId, m, reusableOrderId);
    const shares = discountShares(code, basket.lines);
    const problem = this.problemWith(code, basket, shares, uses);
    if (problem) throw ValidationFailedException.of('discount_code', `${problem} Remove it to pay the full price.`);
    return { code, shares, amountMinor: totalOf(shares) };
  }

  /** Writes the placed order's redemption (inside checkout's transaction, under the code's lock). */
  hold(quote: DiscountQuote, order: { id: string; user_id: string | null; currency: string }, m: Db): Promise<void> {
    return this.repo.hold(
      {
        codeId: quote.code.id,
        orderId: order.id,
        userId: order.user_id!,
        amountMinor: quote.amountMinor,
        currency: order.currency,
      },
      m,
    );
  }

  /** Payment: the order's redemption counts as used (also after a late payment the shop kept). */
  markUsed(orderId: string, m: Db): Promise<void> {
    return this.repo.moveRedemption(orderId, ['held', 'released'], 'used', m);
  }

  /** Cancellation or expiry of an unpaid order gives its use back. */
  release(orderId: string, m: Db): Promise<void> {
    return this.repo.moveRedemption(orderId, ['held'], 'released', m);
  }

  setCartCode(cartId: string, codeId: string | null): Promise<void> {
    return this.repo.setCartCode(cartId, codeId);
  }

  /**
   * Why the code does not apply to the basket now, in the buyer's words, or null. In order: its state (switch,
   * window, overall limit), the buyer's own limit, its currency, its scope, and the smallest payment. `shares` are
   * the code's shares of the basket's lines (`discountShares`), computed once by the caller.
   */
  private problemWith(
    code: DiscountCodeRow,
    basket: Basket,
    shares: Map<string, number>,
    uses: { all: number; mine: number },
  ): string | null {
    const state = discountState(code, uses.all, this.clock.now());
    if (state === 'disabled') return `${code.code} is no longer valid.`;
    if (state === 'scheduled') return `${code.code} starts on ${isoDay(new Date(code.starts_at))}.`;
    if (state === 'ended') return `${code.code} ended on ${isoDay(new Date(code.ends_at!))}.`;
    if (state === 'used_up') return `${code.code} has been used as many times as it may be.`;
    if (basket.userId && uses.mine >= code.max_uses_per_customer)
      return code.max_uses_per_customer === 1
        ? `You have used ${code.code} already.`
        : `You have used ${code.code} ${code.max_uses_per_customer} times, its limit.`;
    if (code.currency && code.currency !== basket.currency) return `${code.code} is for ${code.currency} orders.`;
    if (!shares.size) return `${code.code} is for ${this.scopeLabel(code)}; nothing in your cart qualifies.`;
    const gross = basket.lines.reduce((sum, l) => sum + l.gross_minor, 0);
    if (gross - totalOf(shares) < SMALLEST_PAYMENT_MINOR)
      return `With ${code.code} the order would come to less than ${formatMinor(SMALLEST_PAYMENT_MINOR, basket.currency)}, the smallest card payment.`;
    return null;
  }

  private scopeLabel(code: DiscountCodeRow): string {
    if (code.product_id) return code.product_title ?? 'one product';
    if (code.category) return categoryLabel(code.category).toLowerCase();
    return 'the whole shop';
  }
}
