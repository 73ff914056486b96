import { ConflictException } from '@nestjs/common';
import {
  assertMove,
  canMoveOrder,
  canMovePayment,
  canMoveReturn,
  canRequestReturn,
  paymentAfterRefund,
  statusAfterPayment,
} from './order-state';

describe('order state axes', () => {
  it('lets a placed order be paid, expire or be cancelled, and nothing leaves a final state', () => {
    expect(canMoveOrder('placed', 'paid')).toBe(true);
    expect(canMoveOrder('placed', 'expired')).toBe(true);
    expect(canMoveOrder('expired', 'paid')).toBe(false);
    expect(canMoveOrder('fulfilled', 'cancelled')).toBe(false);
    expect(canMoveOrder('paid', 'placed')).toBe(false);
    expect(canMoveOrder('partially_fulfilled', 'fulfilled')).toBe(true);
  });

  it('moves payment pending → paid → partially refunded → refunded, and refunded is final', () => {
    expect(canMovePayment('pending', 'paid')).toBe(true);
    expect(canMovePayment('failed', 'paid')).toBe(true);
    expect(canMovePayment('paid', 'partially_refunded')).toBe(true);
    expect(canMovePayment('partially_refunded', 'refunded')).toBe(true);
    expect(canMovePayment('pending', 'refunded')).toBe(false);
    expect(canMovePayment('refunded', 'paid')).toBe(false);
  });

  it('moves returns requested → approved → received → refunded; declined is final', () => {
    expect(canMoveReturn('requested', 'approved')).toBe(true);
    expect(canMoveReturn('approved', 'received')).toBe(true);
    expect(canMoveReturn('received', 'refunded')).toBe(true);
    expect(canMoveReturn('declined', 'approved')).toBe(false);
    expect(canMoveReturn('refunded', 'requested')).toBe(false);
    expect(canMoveReturn('received', 'declined')).toBe(false);
  });

  it('refuses a move outside the table with 409 and a sentence', () => {
    expect(() => assertMove('payment', 'refunded', 'paid', canMovePayment)).toThrow(ConflictException);
    expect(() => assertMove('payment', 'refunded', 'paid', canMovePayment)).toThrow(/refunded and cannot become paid/);
    expect(assertMove('order', 'placed', 'paid', canMoveOrder)).toBe('paid');
  });

  it('delivers orders without shipping at payment, and partially fulfils mixed ones', () => {
    expect(statusAfterPayment(false, true)).toBe('fulfilled');
    expect(statusAfterPayment(true, true)).toBe('partially_fulfilled');
    expect(statusAfterPayment(true, false)).toBe('paid');
  });

  it('works out the payment status after a refund and who may ask for a return', () => {
    expect(paymentAfterRefund(1000, 400)).toBe('partially_refunded');
    expect(paymentAfterRefund(1000, 1000)).toBe('refunded');
    expect(canRequestReturn('paid', null)).toBe(true);
    expect(canRequestReturn('paid', 'declined')).toBe(true);
    expect(canRequestReturn('paid', 'requested')).toBe(false);
    expect(canRequestReturn('pending', null)).toBe(false);
    expect(canRequestReturn('refunded', null)).toBe(false);
  });
});
