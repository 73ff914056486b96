import type { ArenaCategory } from '../../src/contracts/arena';
import { ConflictException, ForbiddenException } from '@nestjs/common';
import { Clock } from '../../src/common/clock';
import { ArenaQueueService } from '../../src/modules/arena/arena-queue.service';
import { PostgresQueueStore } from '../../src/modules/arena/arena-queue.store';
import { ArenaRepository } from '../../src/modules/arena/arena.repository';
import { ArenaTicketsRepository } from '../../src/modules/arena/arena-tickets.repository';
import { QUEUE_TIMERS } from '../../src/modules/arena/arena.constants';
import { TimersService } from '../../src/modules/jobs';
import type { User } from '../../src/modules/users';
import { bootTestApp, TestApp } from '../support/app';
import { enterDesign, services } from './helpers';

/** The live-round queue with time injected: window widening, exclusions, timeouts, leaving, battle end. */
describe('arena queue', () => {
  let t: TestApp;
  let queue: ArenaQueueService;
  let clock: Clock;
  let timers: TimersService;

  const entrant = async (rating: number, category: ArenaCategory = 'kitchens', user?: User) => {
    const who = user ?? (await t.createUser());
    const entry = await enterDesign(t, who, category);
    await t.db.query(`UPDATE arena_entries SET rating = $2 WHERE id = $1`, [entry.id, rating]);
    return { user: who, entryId: entry.id };
  };
  const tick = (ticketId: string) => timers.fire(QUEUE_TIMERS.tick, { ticketId });

  beforeAll(async () => {
    t = await bootTestApp();
    queue = t.app.get(ArenaQueueService);
    clock = t.app.get(Clock);
    timers = t.app.get(TimersService);
  });
  beforeEach(() => clock.set('2026-12-01T10:00:00Z'));
  afterAll(async () => {
    clock.reset();
    await t.close();
  });

  it('widens the window by 50 every 30 s until the pair fits, then opens a live battle', async () => {
    const x = await entrant(1500, 'living_rooms');
    const y = await entrant(1680, 'living_rooms');
    const tx = await queue.join(x.user, x.entryId);
    clock.advance(1000);
    const ty = await queue.join(y.user, y.entryId);
    expect([tx.state, tx.window, tx.position, ty.position]).toEqual(['queued', 100, 1, 2]);
    clock.advance(29_000);
    await tick(tx.id);
    expect((await queue.mine(x.user))[0]).toMatchObject({ state: 'queued', window: 150 });
    clock.advance(30_000);
    await tick(tx.id);
    const [mx] = await queue.mine(x.user);
    const [my] = await queue.mine(y.user);
    expect(mx.state).toBe('in_battle');
    expect(my.battle_id).toBe(mx.battle_id);
    const battle = await services(t).battles.show(mx.battle_id!, null);
    expect(battle.mode).toBe('live');

    // The battle's end completes both tickets (idempotent).
    clock.advance(5 * 60_000);
    await timers.fire(QUEUE_TIMERS.battleEnd, { battleId: mx.battle_id });
    await timers.fire(QUEUE_TIMERS.battleEnd, { battleId: mx.battle_id });
    expect((await queue.mine(x.user))[0].state).toBe('completed');
    expect((await queue.mine(y.user))[0].state).toBe('completed');
  });

  it('never pairs the same creator or the same team; unmatched tickets time out', async () => {
    const a = await entrant(1500, 'bathrooms');
    const b = await entrant(1500, 'bathrooms', a.user);
    const c = await entrant(1500, 'bathrooms');
    const d = await entrant(1500, 'bathrooms');
    await t.db.query(`UPDATE arena_entries SET team_id = gen_random_uuid() WHERE id = $1`, [c.entryId]);
    await t.db.query(
      `UPDATE arena_entries SET team_id = (SELECT team_id FROM arena_entries WHERE id = $1) WHERE id = $2`,
      [c.entryId, d.entryId],
    );
    const ta = await queue.join(a.user, a.entryId);
    await queue.join(a.user, b.entryId);
    expect((await queue.mine(a.user)).every((x) => x.state === 'queued')).toBe(true);
    const tc = await queue.join(c.user, c.entryId);
    await queue.join(d.user, d.entryId);
    // The same-team pair waits; the same creator's two entries split over the two team entries.
    const states = [...(await queue.mine(a.user)), ...(await queue.mine(c.user)), ...(await queue.mine(d.user))];
    expect(states.filter((s) => s.state === 'in_battle')).toHaveLength(4);
    expect(ta.state).toBe('queued');
    expect(tc.id).toBeTruthy();

    const lone = await entrant(1500, 'exteriors');
    const same = await entrant(1500, 'exteriors', lone.user);
    const tl = await queue.join(lone.user, lone.entryId);
    await queue.join(same.user, same.entryId);
    clock.advance(9 * 60_000);
    await timers.fire(QUEUE_TIMERS.timeout, { ticketId: tl.id });
    expect((await queue.mine(lone.user)).map((x) => x.state)).toEqual(['queued', 'queued']);
    clock.advance(60_000);
    await timers.fire(QUEUE_TIMERS.timeout, { ticketId: tl.id });
    const after = await queue.mine(lone.user);
    expect(after.find((x) => x.id === tl.id)!.state).toBe('timeout');
  });

  it('refuses a quick rematch, lets a creator leave, and refuses others and doubles', async () => {
    const x = await entrant(1500, 'bedrooms');
    const y = await entrant(1500, 'bedrooms');
    const s = services(t);
    await s.battles.open(await s.entries.find(x.entryId), await s.entries.find(y.entryId), 'open');
    const tx = await queue.join(x.user, x.entryId);
    await expect(queue.join(x.user, x.entryId)).rejects.toThrow(ConflictException);
    const ty = await queue.join(y.user, y.entryId);
    expect((await queue.mine(y.user))[0].state).toBe('queued');
    await expect(queue.leave(y.user, tx.id)).rejects.toThrow(ForbiddenException);
    expect((await queue.leave(x.user, tx.id)).state).toBe('abandoned');
    await expect(queue.leave(x.user, tx.id)).rejects.toThrow(ConflictException);
    await queue.leave(y.user, ty.id);
    clock.advance(31 * 60_000);
    await queue.join(x.user, x.entryId);
    const again = await queue.join(y.user, y.entryId);
    expect(again.state).toBe('in_battle');
  });

  it('matches the same way from PostgreSQL when there is no Redis', async () => {
    const redisStore = queue.store;
    queue.store = new PostgresQueueStore(t.app.get(ArenaRepository), t.app.get(ArenaTicketsRepository));
    try {
      const x = await entrant(1500, 'kitchens');
      const y = await entrant(1620, 'kitchens');
      const tx = await queue.join(x.user, x.entryId);
      await queue.join(y.user, y.entryId);
      expect((await queue.mine(x.user))[0].state).toBe('queued');
      clock.advance(30_000);
      await tick(tx.id);
      expect((await queue.mine(x.user))[0].state).toBe('in_battle');
    } finally {
      queue.store = redisStore;
    }
  });
});
