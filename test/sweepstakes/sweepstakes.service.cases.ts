import { ConflictException } from '@nestjs/common';
import { DAY_MS } from '../../src/common/clock';
import { DomainEvents } from '../../src/modules/events';
import { TimersService } from '../../src/modules/jobs';
import { SweepstakesClaimsService } from '../../src/modules/sweepstakes/sweepstakes-claims.service';
import { PURCHASE_CONSUMER, TIMERS } from '../../src/modules/sweepstakes/sweepstakes.constants';
import { SweepstakesDrawService } from '../../src/modules/sweepstakes/sweepstakes-draw.service';
import { SweepstakesService } from '../../src/modules/sweepstakes/sweepstakes.service';
import type { User } from '../../src/modules/users/user.entity';
import { bootTestApp, TestApp } from '../support/app';
import { ENTRY, fixture, Fixture, openSweepstakes, rulesInput, verifyPublished } from './helpers';

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

    await draws.start(f.admin, s.id, { beacon: 'drand-round-123' });
    await expect(draws.start(f.admin, s.id, {})).rejects.toThrow('already been drawn');
    // A draw whose job died can be resumed later: same committed inputs (the beacon cannot change), same outcome.
    f.clock.advance(11 * 60_000);
    await draws.start(f.admin, s.id, { beacon: 'another beacon' });
    await draws.run(s.id);
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

  it('free entries weigh the same as purchase entries in the frozen list', async () => {
    const s = await openSweepstakes(f);
    const [free, buyer] = await people(2);
    await f.entries.enter(free, s.id, ENTRY, ctx);
    await orderPaid(buyer, 'only-purchase', f.clock.now());
    const drawn = await closeAndDraw(s.id);
    let text = '';
    for await (const chunk of await reads.entrantList(s.id)) text += chunk;
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(',')[1]),
    ).toEqual(['1', '1']);
    expect(drawn.admin_winners).toHaveLength(2);
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
