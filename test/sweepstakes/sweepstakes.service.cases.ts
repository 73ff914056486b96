import { ConflictException } from '@nestjs/common';
import { DAY_MS } from '../../src/common/clock';
import { DomainEvents } from '../../src/modules/events';
import { JobsService, TimersService } from '../../src/modules/jobs';
import { SweepstakesClaimsService } from '../../src/modules/sweepstakes/sweepstakes-claims.service';
import { DRAW_QUEUE, PURCHASE_CONSUMER, TIMERS } from '../../src/modules/sweepstakes/sweepstakes.constants';
import { SweepstakesDrawService } from '../../src/modules/sweepstakes/sweepstakes-draw.service';
import { SweepstakesService } from '../../src/modules/sweepstakes/sweepstakes.service';
import type { User } from '../../src/modules/users/user.entity';
import { bootTestApp, TestApp } from '../support/app';
import { entrantListHash } from '../../src/modules/sweepstakes/draw/fair-draw';
import { entrantRef } from '../../src/modules/sweepstakes/sweepstakes.rules';
import { ENTRY, fixture, Fixture, openSweepstakes, rulesInput, verifyPublished } from './helpers';
import { independentPicks } from './independent-verifier';

const ctx = { ip: '203.0.113.7', userAgent: 'jest' };

describe('sweepstakes rules (service tier)', () => {
  let t: TestApp;
  let f: Fixture;
  let reads: SweepstakesService;
  let draws: SweepstakesDrawService;
  let claims: SweepstakesClaimsService;
  let timers: TimersService;
  let events: DomainEvents;

  beforeAll(async () => {
    t = await bootTestApp();
    f = await fixture(t);
    reads = t.app.get(SweepstakesService);
    draws = t.app.get(SweepstakesDrawService);
    claims = t.app.get(SweepstakesClaimsService);
    timers = t.app.get(TimersService);
    events = t.app.get(DomainEvents);
  });
  afterAll(() => t.close());
  afterEach(() => f.clock.reset());

  const people = (n: number) => Promise.all(Array.from({ length: n }, () => t.createUser()));
  const orderPaid = (user: User, orderId: string, paidAt: Date) =>
    events.deliver(PURCHASE_CONSUMER, {
      id: `order.paid|${orderId}`,
      name: 'order.paid',
      occurred_at: paidAt.toISOString(),
      payload: {
        order_id: orderId,
        order_number: `R-${orderId}`,
        user_id: user.id,
        email: user.email,
        currency: 'USD',
        subtotal_minor: 1000,
        total_minor: 1000,
        paid_at: paidAt.toISOString(),
        referral_code: null,
        lines: [],
      },
    });

  /** Closes by the timer (clock past the end) and runs the draw job body directly. */
  async function closeAndDraw(id: string, beacon?: string) {
    const s = await reads.load(id);
    f.clock.set(new Date(s.closesAt.getTime() + 60_000));
    await timers.fire(TIMERS.close, { sweepstakesId: id });
    await draws.start(f.admin, id, { beacon });
    await draws.run(id);
    return reads.adminDetail(id);
  }

  it('locks the rules on open: edits answer 409, amendments are dated and extend the end', async () => {
    const s = await openSweepstakes(f);
    expect(s.state).toBe('open');
    const edit = f.adminService.update(f.admin, s.id, { title: 'x', summary: '', rules: rulesInput(f.start) });
    await expect(edit).rejects.toBeInstanceOf(ConflictException);
    const later = new Date(f.end.getTime() + DAY_MS).toISOString();
    const amended = await f.adminService.amend(f.admin, s.id, { summary: 'One more day', ends_at: later });
    expect(amended.amendments).toEqual([
      expect.objectContaining({
        summary: 'One more day',
        changes: { ends_at: later },
        effective_at: f.clock.now().toISOString(),
      }),
    ]);
    expect(amended.rules.ends_at).toBe(f.end.toISOString()); // the locked rules stay as published
    expect(amended.ends_at).toBe(later);
    const shorter = f.adminService.amend(f.admin, s.id, { summary: 'Shorter', ends_at: f.start.toISOString() });
    await expect(shorter).rejects.toMatchObject({ status: 422 });
  });

  it('blocks opening a high-value sweepstakes in a registration region until the registration is recorded', async () => {
    const rules = rulesInput(f.start, {
      regions: ['US'],
      prizes: [{ name: 'Car', description: '', retail_value_minor: 3_000_000 }],
    });
    const s = await f.adminService.create(f.admin, { title: 'Big one', summary: '', rules });
    expect(s.registration_required).toBe(true);
    await expect(f.adminService.open(s.id, f.admin)).rejects.toThrow(/registration date/);
    await f.adminService.recordRegistration(f.admin, s.id, { registered_on: '2026-11-01', reference: 'NY-123' });
    f.clock.set(new Date(f.start.getTime() + 1000));
    expect((await f.adminService.open(s.id, f.admin)).state).toBe('open');
  });

  it('opens and closes at their times by timers that re-check state and time when they fire', async () => {
    const s = await f.adminService.create(f.admin, { title: 'Timed', summary: '', rules: rulesInput(f.start) });
    await f.adminService.schedule(f.admin, s.id);
    f.clock.set(new Date(f.start.getTime() - 60_000));
    expect(await timers.fire(TIMERS.open, { sweepstakesId: s.id })).toBe('scheduled'); // early: nothing
    f.clock.set(new Date(f.start.getTime() + 1000));
    expect(await timers.fire(TIMERS.open, { sweepstakesId: s.id })).toBe('open');
    expect(await timers.fire(TIMERS.open, { sweepstakesId: s.id })).toBe('open'); // twice: harmless
    expect(await timers.fire(TIMERS.close, { sweepstakesId: s.id })).toBe('open'); // before the end: nothing
    f.clock.set(new Date(f.end.getTime() + 1000));
    expect(await timers.fire(TIMERS.close, { sweepstakesId: s.id })).toBe('closed');
    const audit = (await reads.adminDetail(s.id)).audit.map((a) => a.action);
    expect(audit).toEqual(['closed', 'opened', 'scheduled', 'created']);
  });

  it('takes one free entry per person per period, refuses ineligible entrants, and counts bonus actions once', async () => {
    const s = await openSweepstakes(f, { entry_period: 'daily', min_age: 21, regions: ['US'] });
    const [ann] = await people(1);
    await f.entries.enter(ann, s.id, ENTRY, ctx);
    await expect(f.entries.enter(ann, s.id, ENTRY, ctx)).rejects.toThrow('You have already entered today.');
    await expect(f.entries.enter(ann, s.id, { ...ENTRY, region: 'CA-ON' }, ctx)).rejects.toThrow(/already entered/);
    f.clock.advance(DAY_MS);
    await expect(f.entries.enter(ann, s.id, { ...ENTRY, region: 'CA-ON' }, ctx)).rejects.toMatchObject({ status: 422 });
    await expect(f.entries.enter(ann, s.id, { ...ENTRY, birth_date: '2010-01-01' }, ctx)).rejects.toThrow(
      'You must be at least 21 to enter.',
    );
    await f.entries.enter(ann, s.id, ENTRY, ctx);
    await orderPaid(ann, 'o-1', f.clock.now());
    await orderPaid(ann, 'o-1', f.clock.now()); // a redelivered event is a no-op
    expect(await f.entries.awardBonusEntry({ userId: ann.id, source: 'referral', sourceRef: 'ref-1' })).toBeGreaterThan(
      0,
    );
    const me = await reads.myStatus(s.id, ann);
    expect(me).toMatchObject({ entries: 4, can_enter: false, reason: 'You have already entered today.' });
    const detail = await reads.adminDetail(s.id);
    expect(detail.entry_sources).toEqual({ free: 2, purchase: 1, referral: 1, share: 0 });
  });

  it('freezes the list at close, publishes hash and commitment, draws people once each, and verifies', async () => {
    const s = await openSweepstakes(f, {
      prizes: [{ name: 'TV', description: '', retail_value_minor: 50_000 }],
      alternates: 4,
    });
    const crowd = await people(6);
    for (const [i, person] of crowd.entries()) {
      await f.entries.enter(person, s.id, ENTRY, { ip: `198.51.100.${i}`, userAgent: `ua-${i}` });
    }
    // One person with many entries (free + 20 purchases) is still picked at most once.
    for (let i = 0; i < 20; i++) await orderPaid(crowd[0], `heavy-${i}`, f.clock.now());
    const end = await reads.load(s.id);
    f.clock.set(new Date(end.closesAt.getTime() + 60_000));
    await timers.fire(TIMERS.close, { sweepstakesId: s.id });
    const closed = await reads.publicDetail(s.id);
    expect(closed.state).toBe('closed');
    expect(closed.draw).toMatchObject({ entrant_count: 6, entry_count: 26, seed: null, picks: [] });
    expect(closed.draw.entrants_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(closed.draw.seed_commitment).toMatch(/^[0-9a-f]{64}$/);

    // The draw queue is paused so the first start's job never runs: the job that died.
    const drawQueue = t.app.get(JobsService).bullQueue(DRAW_QUEUE);
    await drawQueue.pause();
    await draws.start(f.admin, s.id, { beacon: 'drand-round-123' });
    await expect(draws.start(f.admin, s.id, {})).rejects.toThrow('already been drawn');
    // A draw whose job died can be resumed later: same committed inputs (the beacon cannot change), same outcome.
    f.clock.advance(11 * 60_000);
    await draws.start(f.admin, s.id, { beacon: 'another beacon' });
    await draws.run(s.id);
    await drawQueue.resume();
    expect(await draws.run(s.id)).toBe('skipped');
    const drawn = await reads.publicDetail(s.id);
    expect(drawn.state).toBe('drawn');
    expect(drawn.draw.beacon).toBe('drand-round-123');
    await expect(draws.start(f.admin, s.id, {})).rejects.toThrow('already been drawn');
    expect(drawn.draw.seed).toMatch(/^[0-9a-f]{64}$/);
    const refs = drawn.draw.picks.map((p) => p.ref);
    expect(refs).toHaveLength(5);
    expect(new Set(refs).size).toBe(5);

    // Anyone can recompute: the downloaded list, the revealed seed and the beacon give the same ordered picks.
    let text = '';
    for await (const chunk of await reads.entrantList(s.id)) text += chunk;
    const report = verifyPublished(text, drawn.draw);
    expect(report).toMatchObject({ hashMatches: true, commitmentMatches: true });
    expect(report.picks.map((p) => p.ref)).toEqual(refs);
    const admin = await reads.adminDetail(s.id);
    expect(admin.admin_winners.map((w) => w.status)).toEqual(['notified', 'standby', 'standby', 'standby', 'standby']);
    expect(admin.draw_steps.every((step) => step.done)).toBe(true);
    expect(drawn.winners).toHaveLength(1);
    expect(drawn.winners[0].display_name).toMatch(/^Test \S\.$/);
  });

  const listText = async (id: string) => {
    let text = '';
    for await (const chunk of await reads.entrantList(id)) text += chunk;
    return text;
  };

  it('free entries weigh the same as purchase entries in the frozen list', async () => {
    const s = await openSweepstakes(f);
    const [free, buyer] = await people(2);
    await f.entries.enter(free, s.id, ENTRY, ctx);
    await f.entries.enter(buyer, s.id, ENTRY, ctx);
    await orderPaid(buyer, 'with-purchase', f.clock.now());
    const drawn = await closeAndDraw(s.id);
    const weights = new Map(
      (await listText(s.id))
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(',') as [string, string]),
    );
    expect(weights.get(entrantRef(s.id, free.id))).toBe('1');
    expect(weights.get(entrantRef(s.id, buyer.id))).toBe('2');
    expect(drawn.admin_winners).toHaveLength(2);
  });

  it('bonus entries alone never make an entrant: they wait, are excluded at the freeze, and never win', async () => {
    const s = await openSweepstakes(f, { alternates: 10 });
    const formEntrants = await people(4);
    const [referrer, buyer] = await people(2);
    for (const [i, person] of formEntrants.entries()) {
      await f.entries.enter(person, s.id, ENTRY, { ip: `198.51.100.${i}`, userAgent: `ua-${i}` });
    }
    await f.entries.awardBonusEntry({ userId: referrer.id, source: 'referral', sourceRef: `ref-${referrer.id}` });
    await orderPaid(buyer, `purchase-${buyer.id}`, f.clock.now());
    expect(await reads.myStatus(s.id, buyer)).toMatchObject({ entries: 0, pending_entries: 1, share_code: null });
    expect((await reads.load(s.id)).entryCount).toBe(4); // pending entries move no counter

    const s2 = await reads.adminDetail(s.id);
    expect(s2.entry_sources).toEqual({ free: 4, purchase: 0, referral: 0, share: 0 });
    const end = await reads.load(s.id);
    f.clock.set(new Date(end.closesAt.getTime() + 60_000));
    await timers.fire(TIMERS.close, { sweepstakesId: s.id });
    // Before the draw the admin sees who was left out and why; the public sees counts only.
    const closed = await reads.adminDetail(s.id);
    expect(closed.exclusions.map((x) => [x.user.id, x.reason]).sort()).toEqual(
      [
        [referrer.id, 'NO_FREE_ENTRY'],
        [buyer.id, 'NO_FREE_ENTRY'],
      ].sort(),
    );
    expect(closed.exclusions[0].label).toBe('Bonus entries only, no free entry');
    const published = await reads.publicDetail(s.id);
    expect(published.draw.excluded).toEqual([
      { reason: 'NO_FREE_ENTRY', label: 'Bonus entries only, no free entry', people: 2 },
    ]);
    expect(JSON.stringify(published)).not.toContain(buyer.email);
    expect(published.draw).toMatchObject({ entrant_count: 4, entry_count: 4 });

    await draws.start(f.admin, s.id, {});
    await draws.run(s.id);
    const drawn = await reads.adminDetail(s.id);
    // Every pick (winners and alternates: all six people could have been picked) came through the form.
    expect(drawn.admin_winners.map((w) => w.user.id).sort()).toEqual(formEntrants.map((p) => p.id).sort());
    expect(drawn.draw_steps.find((x) => x.key === 'fraud_checks')!.detail).toBe(
      '2 excluded before the draw (2 bonus entries only, no free entry); 0 flagged',
    );
    expect((await listText(s.id)).split('\n').filter(Boolean)).toHaveLength(4);
  });

  it('a pending bonus entry counts once the person enters free', async () => {
    const s = await openSweepstakes(f);
    const [late] = await people(1);
    await orderPaid(late, `early-purchase-${late.id}`, f.clock.now());
    expect(await reads.myStatus(s.id, late)).toMatchObject({ entries: 0, pending_entries: 1 });
    await f.entries.enter(late, s.id, ENTRY, ctx);
    expect(await reads.myStatus(s.id, late)).toMatchObject({ entries: 2, pending_entries: 0 });
    expect((await reads.load(s.id)).entryCount).toBe(2);
    const rows = await t.db.query(
      `SELECT source, counted FROM sweepstakes_entries WHERE user_id = $1 AND sweepstakes_id = $2 ORDER BY source`,
      [late.id, s.id],
    );
    expect(rows).toEqual([
      { source: 'free', counted: true },
      { source: 'purchase', counted: true },
    ]);
  });

  it('re-checks eligibility on the frozen list: age, region, rules accepted and closed accounts are excluded', async () => {
    const s = await openSweepstakes(f, { min_age: 21, regions: ['US'] });
    const [ok, young, abroad, unaccepted, suspended] = await people(5);
    for (const [i, person] of [ok, young, abroad, unaccepted, suspended].entries()) {
      await f.entries.enter(person, s.id, ENTRY, { ip: `192.0.2.${i + 50}`, userAgent: `ua-${i}` });
    }
    // Rows changed behind the form's back (an import, a bug, an old client): the freeze still catches them.
    await t.db.query(
      `UPDATE sweepstakes_entries SET birth_date = now()::date - interval '20 years' WHERE user_id = $1`,
      [young.id],
    );
    await t.db.query(`UPDATE sweepstakes_entries SET region = 'FR' WHERE user_id = $1`, [abroad.id]);
    await t.db.query(`UPDATE sweepstakes_entries SET rules_accepted_at = NULL WHERE user_id = $1`, [unaccepted.id]);
    await t.db.query(`UPDATE users SET suspended_at = now() WHERE id = $1`, [suspended.id]);
    const drawn = await closeAndDraw(s.id);
    expect(Object.fromEntries(drawn.exclusions.map((x) => [x.user.id, x.reason]))).toEqual({
      [young.id]: 'UNDER_AGE',
      [abroad.id]: 'REGION',
      [unaccepted.id]: 'RULES_NOT_ACCEPTED',
      [suspended.id]: 'ACCOUNT_CLOSED',
    });
    expect(drawn.admin_winners.map((w) => w.user.id)).toEqual([ok.id]);
    expect(drawn.draw.excluded.map((x) => x.people)).toEqual([1, 1, 1, 1]);
  });

  it('share links: a new person entering through one earns its owner the share bonus, once each, up to the cap', async () => {
    const s = await openSweepstakes(f, { share_cap: 2, bonus_entries: { purchase: 1, referral: 1, share: 3 } });
    const [sharer, a, b, c] = await people(4);
    const mine = await f.entries.enter(sharer, s.id, ENTRY, ctx);
    expect(mine.share_code).toMatch(/^[A-Za-z0-9_-]{11}$/);
    const via = mine.share_code!;
    await f.entries.enter(a, s.id, { ...ENTRY, via }, ctx);
    await f.entries.enter(b, s.id, { ...ENTRY, via }, ctx);
    await f.entries.enter(c, s.id, { ...ENTRY, via }, ctx); // over the cap of 2: no bonus
    const me = await reads.myStatus(s.id, sharer);
    expect(me).toMatchObject({ entries: 1 + 3 * 2, shares: { earned: 2, cap: 2 } });
    // An unknown code (a click, a typo) earns nobody anything and does not block the entry.
    const [d] = await people(1);
    await expect(f.entries.enter(d, s.id, { ...ENTRY, via: 'nobodys-code' }, ctx)).resolves.toMatchObject({
      entries: 1,
    });
    // The newcomers' entries are their own: one free entry each.
    expect((await reads.myStatus(s.id, a)).entries).toBe(1);
  });

  it('the README algorithm text is exact: an independent verifier written from it gives the published picks', async () => {
    // The worked example on the Verify page and in the README.
    const example = { listText: 'a1,1\nb2,3\nc3,2\n', seedHex: `${'00'.repeat(31)}01`, beacon: 'example', picks: 3 };
    expect(independentPicks(example)).toEqual(['c3', 'b2', 'a1']);
    expect(entrantListHash(example.listText)).toBe('1294038367b14698a2ab2330bee77e08bda0f43f5f9f98ca1307b3cc2a98c5f6');
    // And a real draw, with heavy weights (rejections and many picks).
    const s = await openSweepstakes(f, { alternates: 12 });
    const crowd = await people(9);
    for (const [i, person] of crowd.entries()) {
      await f.entries.enter(person, s.id, ENTRY, { ip: `192.0.2.${i}`, userAgent: `ua-${i}` });
      for (let k = 0; k < i; k++) await orderPaid(person, `w-${person.id}-${k}`, f.clock.now());
    }
    const drawn = await closeAndDraw(s.id, 'beacon text');
    const independent = independentPicks({
      listText: await listText(s.id),
      seedHex: drawn.draw.seed!,
      beacon: drawn.draw.beacon,
      picks: drawn.draw.picks_requested,
    });
    expect(independent).toEqual(drawn.draw.picks.map((p) => p.ref));
  });

  it('disqualifies email variants with a reason code and fills the prize from the alternates, not a new draw', async () => {
    const s = await openSweepstakes(f, {
      prizes: [{ name: 'Mug', description: '', retail_value_minor: 1000 }],
      alternates: 3,
    });
    const original = await t.createUser({ email: `jane.doe.${Date.now()}@gmail.com` });
    const [local, domain] = original.email.split('@');
    const variant = await t.createUser({ email: `${local.replace(/\./g, '')}+win@${domain}` });
    await f.entries.enter(original, s.id, ENTRY, ctx);
    await f.entries.enter(variant, s.id, ENTRY, ctx);
    const drawn = await closeAndDraw(s.id);
    const byUser = new Map(drawn.admin_winners.map((w) => [w.user.id, w]));
    expect(byUser.get(variant.id)).toMatchObject({ status: 'disqualified', disqualify_reason: 'EMAIL_VARIANT' });
    expect(byUser.get(original.id)).toMatchObject({ status: 'notified', prize_index: 0 });
  });

  it('forfeits an unclaimed prize at the deadline and promotes alternate 1 with a fresh window', async () => {
    const s = await openSweepstakes(f, {
      prizes: [{ name: 'Mug', description: '', retail_value_minor: 1000 }],
      alternates: 2,
    });
    for (const [i, person] of (await people(4)).entries()) {
      await f.entries.enter(person, s.id, ENTRY, { ip: `192.0.2.${i}`, userAgent: `ua-${i}` });
    }
    const drawn = await closeAndDraw(s.id);
    const [winner, alternate1] = drawn.admin_winners;
    expect(winner.status).toBe('notified');
    expect(new Date(winner.claim_deadline!).getTime() - f.clock.nowMs()).toBe(7 * DAY_MS);

    f.clock.advance(6 * DAY_MS); // early: the timer re-checks and does nothing
    expect(await timers.fire(TIMERS.claimDeadline, { winnerId: winner.id })).toBe('nothing');
    f.clock.advance(DAY_MS + 1000);
    expect(await timers.fire(TIMERS.claimDeadline, { winnerId: winner.id })).toBe('forfeited');
    expect(await timers.fire(TIMERS.claimDeadline, { winnerId: winner.id })).toBe('nothing');

    const after = await reads.adminDetail(s.id);
    const promoted = after.admin_winners.find((w) => w.id === alternate1.id)!;
    expect(after.admin_winners.find((w) => w.id === winner.id)!.status).toBe('forfeited');
    expect(promoted).toMatchObject({ status: 'notified', prize_index: 0 });
    expect(new Date(promoted.claim_deadline!).getTime()).toBe(f.clock.nowMs() + 7 * DAY_MS);
    const notes = await t.db.query(`SELECT title, url FROM notifications WHERE user_id = $1`, [alternate1.user.id]);
    expect(notes).toEqual([expect.objectContaining({ url: `/sweepstakes/${s.id}/claim` })]);
    // The forfeited winner can no longer claim.
    const loser = { id: winner.user.id, name: winner.user.name, email: winner.user.email } as User;
    const late = claims.claim(loser, s.id, {
      full_name: 'Late',
      line1: '1 Main St',
      city: 'Town',
      region: 'CA',
      postal_code: '90001',
      country: 'US',
      affidavit: true,
    });
    await expect(late).rejects.toThrow('The claim deadline has passed');
  });
});
