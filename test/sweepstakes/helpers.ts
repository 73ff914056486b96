import { Clock, DAY_MS } from '../../src/common/clock';
import type { DrawPublication, SweepstakesRules } from '../../src/contracts/sweepstakes';
import { verifyDraw } from '../../src/modules/sweepstakes/draw/fair-draw';
import { SweepstakesAdminService } from '../../src/modules/sweepstakes/sweepstakes-admin.service';
import { SweepstakesEntriesService } from '../../src/modules/sweepstakes/sweepstakes-entries.service';
import type { User } from '../../src/modules/users/user.entity';
import type { TestApp } from '../support/app';

/** A start a day after the real now, so accounts made by the test exist well before the end (fraud check). */
export function futureStart(): Date {
  return new Date(Math.ceil((Date.now() + DAY_MS) / 60_000) * 60_000);
}

export function rulesInput(start: Date, overrides: Partial<SweepstakesRules> = {}): SweepstakesRules {
  return {
    min_age: 18,
    regions: ['US', 'CA'],
    timezone: 'America/New_York',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 7 * DAY_MS).toISOString(),
    currency: 'USD',
    prizes: [
      { name: 'Weekend getaway', description: 'Two nights', retail_value_minor: 150_000 },
      { name: 'Coffee kit', description: '', retail_value_minor: 5_000 },
    ],
    odds_statement: 'Odds depend on the number of eligible entries.',
    free_entry_method: 'Enter free on this page.',
    claim_window_days: 7,
    alternates: 3,
    entry_period: 'once',
    bonus_entries: { purchase: 1, referral: 1, share: 1 },
    ...overrides,
  };
}

/** Recomputes a drawn sweepstakes as anyone could: from its downloaded entrant list and its published draw. */
export function verifyPublished(
  entrantListText: string,
  draw: Pick<DrawPublication, 'entrants_hash' | 'seed' | 'seed_commitment' | 'beacon' | 'picks_requested'>,
) {
  return verifyDraw({
    entrantListText,
    entrantsHash: draw.entrants_hash!,
    seedHex: draw.seed!,
    commitment: draw.seed_commitment!,
    beacon: draw.beacon,
    picks: draw.picks_requested,
  });
}

export const ENTRY = { region: 'US-CA', birth_date: '1990-05-01', accept_rules: true };

export interface Fixture {
  clock: Clock;
  admin: User;
  adminService: SweepstakesAdminService;
  entries: SweepstakesEntriesService;
  start: Date;
  end: Date;
}

export async function fixture(t: TestApp): Promise<Fixture> {
  const start = futureStart();
  return {
    clock: t.app.get(Clock),
    admin: await t.createUser({ role: 'admin' }),
    adminService: t.app.get(SweepstakesAdminService),
    entries: t.app.get(SweepstakesEntriesService),
    start,
    end: new Date(start.getTime() + 7 * DAY_MS),
  };
}

/** Creates and opens a sweepstakes with the clock an hour after its start. */
export async function openSweepstakes(
  f: Fixture,
  overrides: Partial<SweepstakesRules> = {},
  title = 'Spring giveaway',
) {
  const created = await f.adminService.create(f.admin, {
    title,
    summary: 'Win things',
    rules: rulesInput(f.start, overrides),
  });
  f.clock.set(new Date(f.start.getTime() + 3600_000));
  return f.adminService.open(created.id, f.admin);
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
