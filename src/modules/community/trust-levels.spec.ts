import { trustLevelOf } from './trust-levels';

const none = { account_days: 0, days_visited: 0, posts_read: 0, likes_given: 0, likes_received: 0 };

describe('trustLevelOf', () => {
  it('starts new accounts at 0 and admins at the top', () => {
    expect(trustLevelOf(none)).toBe(0);
    expect(trustLevelOf(none, true)).toBe(3);
  });
  it('needs every threshold of a level', () => {
    expect(trustLevelOf({ ...none, account_days: 1, days_visited: 2, posts_read: 10 })).toBe(1);
    expect(trustLevelOf({ ...none, account_days: 1, days_visited: 2, posts_read: 9 })).toBe(0);
    const member = { account_days: 7, days_visited: 10, posts_read: 50, likes_given: 5, likes_received: 3 };
    expect(trustLevelOf(member)).toBe(2);
    expect(trustLevelOf({ ...member, likes_received: 2 })).toBe(1);
  });
  it('does not skip a level', () => {
    expect(
      trustLevelOf({ account_days: 0, days_visited: 99, posts_read: 999, likes_given: 99, likes_received: 99 }),
    ).toBe(0);
  });
});
