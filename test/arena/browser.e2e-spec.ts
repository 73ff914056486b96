import { bootTestApp } from '../support/app';
import { browserSuite, withDiagnostics } from '../support/browser';
import { checkStep } from '../browser/screenshots';
import { enterDesign, services } from './helpers';

/**
 * Two browsers on one live battle: a watcher and a voter. The voter's vote reveals both entries in their window,
 * and the watcher's count moves without a reload (presence channel over the app's WebSocket server).
 * Needs the client built (`npx vite build`); a missing browser or build fails, never skips.
 */
describe('arena battle in two browsers', () => {
  const b = browserSuite(bootTestApp);
  const browserFor = (user: { email: string }) => b.pageFor(user);

  it('a vote in one window appears in the other', async () => {
    const { t } = b;
    const [ann, ben] = [await t.createUser({ name: 'Ann Designer' }), await t.createUser({ name: 'Ben Designer' })];
    const s = services(t);
    const [ea, eb] = [await enterDesign(t, ann), await enterDesign(t, ben)];
    const battle = await s.battles.open(await s.entries.find(ea.id), await s.entries.find(eb.id), 'open');
    const watcher = await browserFor(await t.createUser({ name: 'Wendy Watcher' }));
    const voter = await browserFor(await t.createUser({ name: 'Victor Voter' }));

    await withDiagnostics(watcher, async () => {
      await watcher.goto(`/arena/battles/${battle.id}`);
      await watcher.getByTestId('battle-total').waitFor();
      expect(await watcher.getByTestId('battle-total').textContent()).toBe('0');
      await voter.goto(`/arena/battles/${battle.id}`);
      await checkStep(voter, 'arena-battle-before-vote');
      // Give the watcher's page a moment to open its WebSocket and join the presence channel.
      await watcher.waitForTimeout(1500);
      await voter.getByRole('button', { name: 'Left is better' }).click();
      await voter.getByTestId('revealed-left').waitFor();
      expect(await voter.getByTestId('battle-total').textContent()).toBe('1');
      await watcher.getByTestId('battle-total').getByText('1', { exact: true }).waitFor({ timeout: 10_000 });
      await checkStep(voter, 'arena-battle-revealed');
      await voter.goto('/arena');
      await voter.getByRole('heading', { name: 'Arena', exact: true }).waitFor();
      await checkStep(voter, 'arena-lobby');
      await voter.goto('/arena/queue');
      await voter.getByRole('heading', { name: 'Queue for a live round' }).waitFor();
      await checkStep(voter, 'arena-queue');
      const season = await s.entries.currentSeason();
      await voter.goto(`/arena/seasons/${season.id}`);
      await voter.getByRole('heading', { name: season.name, exact: true }).waitFor();
      await checkStep(voter, 'arena-season-boards');
      await voter.goto('/arena/squads');
      await voter.getByRole('heading', { name: 'Squad battles', exact: true }).waitFor();
      await checkStep(voter, 'arena-squads');
    });
  });
});
