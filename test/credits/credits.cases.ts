import { CreditsService, InsufficientCreditsException } from '../../src/modules/credits/credits.service';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import type { TestApp } from '../support/app';
import { bootDesignApp, roomPhoto, waitForStatus } from '../designs/support';

describe('image credits ledger', () => {
  let t: TestApp;
  let credits: CreditsService;

  beforeAll(async () => {
    t = await bootDesignApp();
    credits = t.app.get(CreditsService);
  });
  afterAll(() => t?.close());

  it('grants, purchases, spends and refunds, each with a ledger row and the balance kept in step', async () => {
    const user = await t.createUser();
    await credits.grant(user.id, 5, 'Welcome credits');
    await credits.purchase(user.id, 10, 'Pack of 10');
    const spend = await credits.spend(user.id, 3, 'Design generation x');
    await credits.refund(user.id, 3, 'Refund: design x failed');
    expect(spend).toMatchObject({ kind: 'spend', amount: -3, balanceAfter: 12 });
    expect(await credits.balance(user.id)).toBe(15);
    const history = await credits.history(user.id);
    expect(history.data.map((r) => [r.kind, r.amount, r.balanceAfter])).toEqual([
      ['refund', 3, 15],
      ['spend', -3, 12],
      ['purchase', 10, 15],
      ['grant', 5, 5],
    ]);
    const [{ sum }] = await t.db.query(`SELECT sum(amount)::int AS sum FROM credit_transactions WHERE user_id = $1`, [
      user.id,
    ]);
    expect(sum).toBe(15);
  });

  it('refuses a spend above the balance with a clear message and writes nothing', async () => {
    const user = await t.createUser();
    await credits.grant(user.id, 2, 'grant');
    await expect(credits.spend(user.id, 3, 'too much')).rejects.toThrow(InsufficientCreditsException);
    await expect(credits.spend(user.id, 3, 'too much')).rejects.toThrow(
      'Not enough image credits: this needs 3 credits and you have 2.',
    );
    expect(await credits.balance(user.id)).toBe(2);
    expect((await credits.history(user.id)).total).toBe(1);
  });

  it('never goes below zero under 50 concurrent spends', async () => {
    const user = await t.createUser();
    await credits.grant(user.id, 7, 'grant');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => credits.spend(user.id, 1, `spend ${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(await credits.balance(user.id)).toBe(0);
    const [{ sum }] = await t.db.query(`SELECT sum(amount)::int AS sum FROM credit_transactions WHERE user_id = $1`, [
      user.id,
    ]);
    expect(sum).toBe(0);
  });

  it('with 5 credits, 20 simultaneous generates give exactly 5 accepted and 15 refused with a clear message', async () => {
    const { client, user } = await t.signedIn();
    await credits.grant(user.id, 5, 'grant');
    const photo = await roomPhoto(640, 480);
    // Hold the workers so the 20 requests race only each other.
    const queue = t.app.get(JobsService).bullQueue('designs');
    await queue.pause();
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          client
            .post('/api/designs/generate')
            .attach('image', photo, { filename: 'room.jpg', contentType: 'image/jpeg' })
            .field('options[roomType]', 'Bedroom')
            .field('options[theme]', 'Coastal'),
        ),
      );
      const accepted = responses.filter((r) => r.status === 201);
      const refused = responses.filter((r) => r.status !== 201);
      expect(accepted).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const res of refused) {
        expect(res.status).toBe(402);
        expect(res.body.message).toMatch(/^Not enough image credits: this needs 1 credit and you have 0\.$/);
      }
      expect(await credits.balance(user.id)).toBe(0);
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM designs WHERE user_id = $1`, [user.id]);
      expect(n).toBe(5);
      const me = await client.get('/api/user/credits/image');
      expect(me.body).toEqual({ credits: 0 });
    } finally {
      await queue.resume();
    }
    for (const res of (await t.db.query(`SELECT id FROM designs WHERE user_id = $1`, [user.id])) as Array<{
      id: string;
    }>) {
      await waitForStatus(t.db, res.id, ['completed'], 60_000);
    }
    const history = await client.get('/api/credits/history');
    expect(history.body).toMatchObject({ credits: 0, total: 6, current_page: 1, last_page: 1 });
  });
});
