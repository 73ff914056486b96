import { Clock, DAY_MS } from '../../src/common/clock';
import { DomainEvents } from '../../src/modules/events';
import { TimersService } from '../../src/modules/jobs';
import { bootTestApp, TestApp } from '../support/app';

/** The shared plumbing every area's timed rules and cross-module events stand on, on real BullMQ + Redis. */
describe('clock, timers and domain events', () => {
  let t: TestApp;
  let clock: Clock;
  let timers: TimersService;
  let events: DomainEvents;
  const fired: Array<{ key: string; at: number }> = [];
  const received: Array<{ consumer: string; id: string; total: number }> = [];

  beforeAll(async () => {
    t = await bootTestApp();
    clock = t.app.get(Clock);
    timers = t.app.get(TimersService);
    events = t.app.get(DomainEvents);
    timers.define<{ key: string }>('test.deadline', async ({ key }) => {
      fired.push({ key, at: clock.nowMs() });
    });
    for (const consumer of ['test.a', 'test.b']) {
      events.subscribe('order.paid', consumer, async (event) => {
        received.push({ consumer, id: event.id, total: event.payload.total_minor });
      });
    }
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  it('lets tests freeze and advance time', () => {
    clock.set('2026-01-01T00:00:00Z');
    clock.advance(7 * DAY_MS);
    expect(clock.now().toISOString()).toBe('2026-01-08T00:00:00.000Z');
  });

  it('runs a timer due now on the worker, and a future one only when it fires', async () => {
    await timers.at(clock.now(), 'test.deadline', { key: 'now' }, 'now');
    await timers.at(new Date(clock.nowMs() + DAY_MS), 'test.deadline', { key: 'tomorrow' }, 'tomorrow');
    await waitFor(() => fired.some((f) => f.key === 'now'));
    expect(fired.map((f) => f.key)).toEqual(['now']);
    clock.advance(DAY_MS);
    await timers.fire('test.deadline', { key: 'tomorrow' });
    expect(fired.map((f) => f.key)).toEqual(['now', 'tomorrow']);
  });

  it('delivers an event to every consumer once per id, through the queue', async () => {
    const payload = {
      order_id: 'o1',
      order_number: 'R-1',
      user_id: null,
      email: 'buyer@example.test',
      currency: 'USD',
      subtotal_minor: 1250,
      total_minor: 1250,
      paid_at: new Date().toISOString(),
      referral_code: null,
      lines: [],
    };
    await events.publish('order.paid', 'order.paid|o1', payload);
    await events.publish('order.paid', 'order.paid|o1', payload); // a duplicate publish is queued once
    await waitFor(() => received.length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.sort((a, b) => a.consumer.localeCompare(b.consumer))).toEqual([
      { consumer: 'test.a', id: 'order.paid|o1', total: 1250 },
      { consumer: 'test.b', id: 'order.paid|o1', total: 1250 },
    ]);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
