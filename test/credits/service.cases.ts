import { CreditsService, InsufficientCreditsException } from '../../src/modules/credits';
import { DesignGenerationService } from '../../src/modules/designs';
import { DesignsRepository } from '../../src/modules/designs/designs.repository';
import { bootTestApp, type TestApp } from '../support/app';

/**
 * The ledger rules on the services of the booted app against the real PostgreSQL (no HTTP): the balance never
 * goes below zero under a race of spends, and a failed design is refunded exactly once however often it is settled.
 */
describe('credits: service tier', () => {
  let t: TestApp;
  let credits: CreditsService;

  beforeAll(async () => {
    t = await bootTestApp();
    credits = t.app.get(CreditsService);
  });
  afterAll(() => t?.close());

  it('a race of spends takes exactly the balance, refuses the rest with 402, and the ledger sums to the balance', async () => {
    const user = await t.createUser();
    await credits.grant(user.id, 4, 'grant');
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => credits.spend(user.id, 1, `s${i}`)));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(results.length - refused.length).toBe(4);
    expect(refused.every((e) => e instanceof InsufficientCreditsException && e.getStatus() === 402)).toBe(true);
    expect(await credits.balance(user.id)).toBe(0);
    const ledger = await credits.history(user.id, 1, 100);
    expect(ledger.data.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    expect(ledger.data.map((r) => r.balanceAfter).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('an unknown user has no balance (404) and cannot be credited', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    await expect(credits.balance(ghost)).rejects.toMatchObject({ status: 404 });
    await expect(credits.grant(ghost, 1, 'nobody')).rejects.toMatchObject({ status: 404 });
  });

  it('settling a failed design five times at once refunds its credits once', async () => {
    const user = await t.createUser();
    await credits.grant(user.id, 3, 'grant');
    const designs = t.app.get(DesignsRepository);
    const design = await designs.transaction(async (m) => {
      await credits.spend(user.id, 2, 'Design generation', m);
      return designs.insert(m, {
        userId: user.id,
        originalImage: `designs/${user.id}/x/original.jpg`,
        status: 'processing',
        jobRun: 1,
        creditsCharged: 2,
        provider: 'local',
      });
    });
    expect(await credits.balance(user.id)).toBe(1);

    const generation = t.app.get(DesignGenerationService);
    const settled = await Promise.all(
      Array.from({ length: 5 }, () => generation.failForGood(design.id, 1, 'The provider is down')),
    );
    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(await credits.balance(user.id)).toBe(3);
    const refunds = (await credits.history(user.id, 1, 100)).data.filter((r) => r.kind === 'refund');
    expect(refunds.map((r) => r.amount)).toEqual([2]);
    // A stale run of the same design settles nothing.
    expect(await generation.failForGood(design.id, 0, 'stale')).toBe(false);
  });
});
