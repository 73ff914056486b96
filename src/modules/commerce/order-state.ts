import { ConflictException } from '@nestjs/common';
import type { OrderStatus, PaymentStatus, ReturnStatus } from '../../contracts/commerce';

/**
 * The order's state axes and the moves each allows. Order, payment, fulfilment and return move independently;
 * a move not in the table is refused with 409 and a sentence, so no code path can skip a state.
 */
const ORDER_MOVES: Record<OrderStatus, OrderStatus[]> = {
  placed: ['paid', 'partially_fulfilled', 'fulfilled', 'cancelled', 'expired'],
  paid: ['partially_fulfilled', 'fulfilled', 'cancelled'],
  partially_fulfilled: ['fulfilled', 'cancelled'],
  fulfilled: [],
  cancelled: [],
  expired: [],
};

const PAYMENT_MOVES: Record<PaymentStatus, PaymentStatus[]> = {
  // A failed attempt on the hosted page may be followed by a good one on the same session.
  pending: ['paid', 'failed'],
  failed: ['paid', 'pending'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
};

const RETURN_MOVES: Record<ReturnStatus, ReturnStatus[]> = {
  requested: ['approved', 'declined', 'refunded'],
  approved: ['received', 'refunded', 'declined'],
  received: ['refunded'],
  refunded: [],
  declined: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_MOVES[from].includes(to);
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_MOVES[from].includes(to);
}

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_MOVES[from].includes(to);
}

export function assertMove<S extends string>(axis: string, from: S, to: S, allowed: (a: S, b: S) => boolean): S {
  if (!allowed(from, to))
    throw new ConflictException(`This ${axis} is ${from.replace('_', ' ')} and cannot become ${to.replace('_', ' ')}.`);
  return to;
}

/** The order status right after payment: what needs no shipping is delivered at once. */
export function statusAfterPayment(requiresShipping: boolean, hasDeliveredLines: boolean): OrderStatus {
  if (!requiresShipping) return 'fulfilled';
  return hasDeliveredLines ? 'partially_fulfilled' : 'paid';
}

/** Payment status after refunding `refundedMinor` of `totalMinor` in all. */
export function paymentAfterRefund(totalMinor: number, refundedMinor: number): PaymentStatus {
  return refundedMinor >= totalMinor ? 'refunded' : 'partially_refunded';
}

/** Who may ask for a return: a paid (not wholly refunded) order with no open or finished return. */
export function canRequestReturn(payment: PaymentStatus, current: ReturnStatus | null): boolean {
  const paid = payment === 'paid' || payment === 'partially_refunded';
  return paid && (current === null || current === 'declined');
}
