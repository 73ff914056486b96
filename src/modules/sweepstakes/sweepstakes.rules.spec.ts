import { loadSweepstakesConfig } from '../../config/sweepstakes.config';
import {
  assignPicks,
  displayName,
  emailKey,
  fraudFlags,
  periodKey,
  registrationRequired,
  regionAllowed,
  type FraudSubject,
} from './sweepstakes.rules';
import type { SweepstakesRules } from '../../contracts/sweepstakes';

const config = loadSweepstakesConfig({});
const end = new Date('2026-12-31T00:00:00Z');
const subject = (ref: string, over: Partial<FraudSubject> = {}): FraudSubject => ({
  ref,
  email: `${ref}@example.test`,
  accountCreatedAt: new Date('2026-01-01T00:00:00Z'),
  firstIp: `ip-${ref}`,
  firstDevice: `dev-${ref}`,
  firstEntryAt: new Date('2026-12-01T00:00:00Z'),
  ...over,
});

describe('sweepstakes rules (pure)', () => {
  it('collapses mailbox variants', () => {
    expect(emailKey('Jane.Doe+promo@GMail.com')).toBe('janedoe@gmail.com');
    expect(emailKey('jane.doe@googlemail.com')).toBe('janedoe@gmail.com');
    expect(emailKey('jane.doe+x@example.com')).toBe('jane.doe@example.com');
  });

  it('flags late accounts, email variants and IP/device bursts with reason codes', () => {
    const burstAt = (i: number) => new Date(Date.parse('2026-12-02T00:00:00Z') + i * 60_000);
    const entrants = [
      subject('late', { accountCreatedAt: new Date('2027-01-01T00:00:00Z') }),
      subject('old', { email: 'a.b@gmail.com', accountCreatedAt: new Date('2025-01-01T00:00:00Z') }),
      subject('new', { email: 'ab+1@gmail.com' }),
      ...Array.from({ length: 7 }, (_, i) => subject(`b${i}`, { firstIp: '10.0.0.1', firstEntryAt: burstAt(i) })),
      // Same IP but spread over days: not a burst.
      ...Array.from({ length: 7 }, (_, i) =>
        subject(`s${i}`, {
          firstIp: '10.0.0.2',
          firstEntryAt: new Date(Date.parse('2026-12-01T00:00:00Z') + i * 86_400_000),
        }),
      ),
    ];
    const flags = fraudFlags(entrants, end, config);
    expect(flags.get('late')).toBe('ACCOUNT_AFTER_END');
    expect(flags.get('new')).toBe('EMAIL_VARIANT');
    expect(flags.has('old')).toBe(false);
    expect(['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6'].map((r) => flags.get(r) ?? null)).toEqual([
      null,
      'IP_BURST',
      'IP_BURST',
      'IP_BURST',
      'IP_BURST',
      'IP_BURST',
      'IP_BURST',
    ]);
    expect([...flags.keys()].some((r) => r.startsWith('s'))).toBe(false);
  });

  it('hands prizes to the first unflagged picks and keeps the rest as ordered alternates', () => {
    const picks = ['a', 'b', 'c', 'd'].map((ref, i) => ({ rank: i + 1, ref, entries: 1 }));
    const assigned = assignPicks(picks, new Map([['a', 'IP_BURST' as const]]), 2);
    expect(assigned.map((a) => [a.ref, a.status, a.prizeIndex])).toEqual([
      ['a', 'disqualified', null],
      ['b', 'notified', 0],
      ['c', 'notified', 1],
      ['d', 'standby', null],
    ]);
  });

  it('knows registration regions, eligible regions, entry periods and public names', () => {
    const rules = {
      regions: ['US'],
      prizes: [{ name: 'Car', description: '', retail_value_minor: 600_000 }],
    } as SweepstakesRules;
    expect(registrationRequired(rules, config)).toBe(true);
    expect(registrationRequired({ ...rules, regions: ['CA'] }, config)).toBe(false);
    expect(
      registrationRequired({ ...rules, prizes: [{ ...rules.prizes[0], retail_value_minor: 500_000 }] }, config),
    ).toBe(false);
    expect(regionAllowed({ regions: ['US'] }, 'us-ca')).toBe(true);
    expect(regionAllowed({ regions: ['US-NY'] }, 'US-CA')).toBe(false);
    const at = new Date('2026-03-01T03:00:00Z');
    expect(periodKey({ entry_period: 'daily', timezone: 'America/New_York' }, at)).toBe('2026-02-28');
    expect(periodKey({ entry_period: 'once', timezone: 'UTC' }, at)).toBe('once');
    expect(displayName('Victor  van Viewer')).toBe('Victor V.');
    expect(displayName('Cher')).toBe('Cher');
  });
});
