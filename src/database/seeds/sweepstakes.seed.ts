import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { Clock, DAY_MS } from '../../common/clock';
import type { SweepstakesRules } from '../../contracts/sweepstakes';
import { hashPassword } from '../../modules/auth/password';
import { SweepstakesAdminService } from '../../modules/sweepstakes/sweepstakes-admin.service';
import { SweepstakesDrawService } from '../../modules/sweepstakes/sweepstakes-draw.service';
import { SweepstakesEntriesService } from '../../modules/sweepstakes/sweepstakes-entries.service';
import { User } from '../../modules/users/user.entity';

export const DEMO_OPEN_SWEEPSTAKES = 'Win a staged home photo shoot';
export const DEMO_DRAWN_SWEEPSTAKES = 'Autumn open house giveaway';
const ENTRANT_COUNT = 24;
const ENTRY = { region: 'US-CA', birth_date: '1988-04-12', accept_rules: true };

function rules(start: Date, end: Date, prizes: SweepstakesRules['prizes']): SweepstakesRules {
  return {
    min_age: 18,
    regions: ['US', 'CA'],
    timezone: 'America/Los_Angeles',
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    currency: 'USD',
    prizes,
    odds_statement: 'Odds of winning depend on the number of eligible entries received.',
    free_entry_method: 'No purchase necessary: enter free on this page once per day.',
    claim_window_days: 7,
    alternates: 3,
    entry_period: 'daily',
    bonus_entries: { purchase: 1, referral: 1, share: 1 },
    share_cap: 10,
  };
}

/**
 * Demo sweepstakes, through the module's own services (so hashes, commitments and the draw are real):
 * one open sweepstakes the demo viewer, buyer and realtor have entered, and one drawn sweepstakes whose result
 * verifies on its Verify page (with one share bonus, and one person left out for holding bonus entries only). The drawn one is run on a clock set in the past; its entrants are demo accounts
 * created long before its end (newer accounts would be disqualified by the late-account fraud check).
 * Idempotent: skipped when either title exists.
 */
export async function seedDemoSweepstakes(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  const existing = await db.query(`SELECT 1 FROM sweepstakes WHERE title = ANY($1) LIMIT 1`, [
    [DEMO_OPEN_SWEEPSTAKES, DEMO_DRAWN_SWEEPSTAKES],
  ]);
  if (existing.length) return;
  const users = db.getRepository(User);
  const admin = await users.findOneBy({ email: 'admin@reelty.test' });
  if (!admin) return;
  const demo = await users.findBy({ email: In(['viewer@reelty.test', 'buyer@reelty.test', 'realtor@reelty.test']) });
  const entrants = await demoEntrants(db);

  const clock = app.get(Clock);
  const adminService = app.get(SweepstakesAdminService);
  const entries = app.get(SweepstakesEntriesService);
  const draws = app.get(SweepstakesDrawService);
  const now = Date.now();
  try {
    // The drawn one: open ten days ago, closed three days ago, drawn at close (claims due in four days).
    clock.set(new Date(now - 10 * DAY_MS));
    const past = await adminService.create(admin, {
      title: DEMO_DRAWN_SWEEPSTAKES,
      summary: 'A smart speaker, a coffee kit and a plant for three lucky entrants.',
      rules: rules(new Date(now - 10 * DAY_MS), new Date(now - 3 * DAY_MS), [
        { name: 'Smart speaker', description: 'Voice-controlled speaker', retail_value_minor: 19_900 },
        { name: 'Coffee kit', description: 'Grinder and beans', retail_value_minor: 8_500 },
        { name: 'Fiddle-leaf fig', description: 'Delivered potted', retail_value_minor: 6_000 },
      ]),
    });
    await adminService.open(past.id, admin);
    // Every demo entrant enters free but the last, who only buys something: that bonus entry waits for a free entry
    // that never comes, so the freeze leaves them out ("Bonus entries only"). The second entrant arrives through the
    // first one's share link, which earns the first a share bonus.
    let firstShareCode: string | null = null;
    for (const [i, person] of entrants.entries()) {
      clock.set(new Date(now - (9 - (i % 5)) * DAY_MS + i * 60_000));
      const bonusOnly = i === entrants.length - 1;
      if (!bonusOnly) {
        const via = i === 1 ? (firstShareCode ?? undefined) : undefined;
        const context = { ip: `198.51.100.${i + 1}`, userAgent: `demo-browser-${i}` };
        const me = await entries.enter(person, past.id, { ...ENTRY, via }, context);
        if (i === 0) firstShareCode = me.share_code;
      }
      if (i % 3 === 0 || bonusOnly)
        await entries.awardBonusEntry({ userId: person.id, source: 'purchase', sourceRef: `demo-order-${i}` });
    }
    clock.set(new Date(now - 3 * DAY_MS + 60_000));
    await adminService.close(past.id, null);
    await draws.start(admin, past.id, { beacon: 'demo-beacon-2026' });
    await draws.run(past.id);

    // The open one: started yesterday, runs two more weeks.
    clock.set(new Date(now - DAY_MS));
    const open = await adminService.create(admin, {
      title: DEMO_OPEN_SWEEPSTAKES,
      summary: 'A professional photographer and stager for one listing, on us.',
      rules: rules(new Date(now - DAY_MS), new Date(now + 14 * DAY_MS), [
        {
          name: 'Staged photo shoot',
          description: 'Stager, photographer and a 60-second reel',
          retail_value_minor: 120_000,
        },
        { name: 'Drone flyover', description: 'Aerial photos of one property', retail_value_minor: 35_000 },
      ]),
    });
    await adminService.open(open.id, admin);
    clock.reset();
    for (const [i, person] of [...demo, ...entrants.slice(0, 10)].entries()) {
      await entries.enter(person, open.id, ENTRY, { ip: `203.0.113.${i + 1}`, userAgent: `demo-browser-${i}` });
    }
    logger.log(`Demo sweepstakes: "${DEMO_OPEN_SWEEPSTAKES}" (open) and "${DEMO_DRAWN_SWEEPSTAKES}" (drawn)`);
  } finally {
    clock.reset();
  }
}

/** Entrant accounts made 90 days ago (idempotent by email). */
async function demoEntrants(db: DataSource): Promise<User[]> {
  const users = db.getRepository(User);
  const emails = Array.from(
    { length: ENTRANT_COUNT },
    (_, i) => `entrant${String(i + 1).padStart(2, '0')}@reelty.test`,
  );
  const found = await users.findBy({ email: In(emails) });
  const missing = emails.filter((email) => !found.some((u) => u.email === email));
  const FIRST = [
    'Avery',
    'Blake',
    'Casey',
    'Devon',
    'Emery',
    'Finley',
    'Gray',
    'Harper',
    'Indy',
    'Jules',
    'Kai',
    'Logan',
  ];
  const LAST = ['Stone', 'Rivers', 'Hale', 'Moreno', 'Okafor', 'Lindqvist'];
  const passwordHash = missing.length ? await hashPassword('entrant-demo-1') : '';
  for (const email of missing) {
    const n = Number(email.slice(7, 9));
    await users.save(
      users.create({
        name: `${FIRST[n % FIRST.length]} ${LAST[n % LAST.length]}`,
        email,
        handle: `entrant${String(n).padStart(2, '0')}`,
        type: 'viewer',
        passwordHash,
        emailVerifiedAt: new Date(),
      }),
    );
  }
  await db.query(`UPDATE users SET created_at = now() - interval '90 days' WHERE email = ANY($1)`, [emails]);
  return users.find({ where: { email: In(emails) }, order: { email: 'ASC' } });
}
