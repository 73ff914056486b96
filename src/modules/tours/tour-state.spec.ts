import type { TourAction, TourSide, TourStatus } from '../../contracts/tours';
import { allowedActions, nextStatus } from './tour-state';

describe('tour state machine', () => {
  const cases: Array<[TourStatus, TourAction, TourSide, string]> = [
    ['requested', 'confirm', 'realtor', 'confirmed'],
    ['requested', 'confirm', 'buyer', 'forbidden'],
    ['requested', 'propose', 'realtor', 'proposed'],
    ['requested', 'propose', 'buyer', 'forbidden'],
    ['requested', 'decline', 'realtor', 'declined'],
    ['requested', 'decline', 'buyer', 'forbidden'],
    ['requested', 'cancel', 'buyer', 'cancelled'],
    ['proposed', 'confirm', 'buyer', 'confirmed'],
    ['proposed', 'confirm', 'realtor', 'forbidden'],
    ['proposed', 'propose', 'buyer', 'requested'],
    ['proposed', 'decline', 'realtor', 'declined'],
    ['confirmed', 'confirm', 'realtor', 'illegal'],
    ['confirmed', 'decline', 'realtor', 'illegal'],
    ['confirmed', 'propose', 'buyer', 'requested'],
    ['confirmed', 'propose', 'realtor', 'proposed'],
    ['confirmed', 'cancel', 'realtor', 'cancelled'],
    ['declined', 'cancel', 'buyer', 'illegal'],
    ['declined', 'confirm', 'realtor', 'illegal'],
    ['cancelled', 'propose', 'buyer', 'illegal'],
    ['cancelled', 'cancel', 'realtor', 'illegal'],
  ];
  it.each(cases)('%s --%s by %s--> %s', (status, action, side, want) => {
    expect(nextStatus(status, action, side)).toBe(want);
  });

  it('lists the buttons each side gets', () => {
    expect(allowedActions('requested', 'realtor')).toEqual(['confirm', 'propose', 'decline', 'cancel']);
    expect(allowedActions('requested', 'buyer')).toEqual(['cancel']);
    expect(allowedActions('confirmed', 'buyer')).toEqual(['propose', 'cancel']);
    expect(allowedActions('declined', 'realtor')).toEqual([]);
  });
});
