import { CreditsService } from '../../src/modules/credits/credits.service';
import { JobsService } from '../../src/modules/jobs/jobs.service';
import { checkStep } from '../browser/screenshots';
import { seedProduct } from '../commerce/support';
import { browserSuite, withDiagnostics } from '../support/browser';
import { bootDesignApp, roomPhoto } from './support';

/**
 * The designer in Chromium against the real app (BullMQ, WebSockets, local engine): upload a room
 * photo, watch the steps advance live, drag the compare slider, favorite, share.
 * Needs the client built (`npx vite build`).
 */
describe('AI designer in the browser', () => {
  const b = browserSuite(bootDesignApp);

  const { pageFor } = b;

  it('upload, live steps, compare slider, favorite, share', async () => {
    const { t } = b;
    const user = await t.createUser({ name: 'Dana Designer' });
    await t.app.get(CreditsService).grant(user.id, 3, 'test');
    await seedProduct(t.db, {
      kind: 'style_pack',
      stylePack: 'scandinavian',
      priceMinor: 900,
      title: 'Scandinavian pack',
    });
    const page = await pageFor(user);
    await withDiagnostics(page, async () => {
      await page.goto('/designer');
      await page.getByRole('heading', { name: 'AI room designer' }).waitFor();
      // The pack's styles are listed as locked, with where to buy them; the theme list does not offer them.
      await page.getByTestId('locked-pack').getByText('unlock for $9.00').waitFor();
      expect(await page.getByLabel('Theme').locator('option', { hasText: 'Hygge' }).count()).toBe(0);
      await checkStep(page, 'designer-00-locked-style-pack');
      expect(await page.getByTestId('engine-badge').textContent()).toContain('Local preview engine');
      expect(await page.getByTestId('credits-badge').textContent()).toBe('3 credits');

      await page
        .getByTestId('upload-input')
        .setInputFiles({ name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto(1024, 768) });
      await page.getByTestId('upload-preview').waitFor();
      expect(await page.getByTestId('upload-orientation').textContent()).toBe('1024 × 768 · landscape');
      await page.getByLabel('Theme').selectOption('Coastal');
      await page.getByLabel('Colours').selectOption('Ocean blues');

      // Hold the workers until the page listens, then record every value the progress view shows.
      const queue = t.app.get(JobsService).bullQueue('designs');
      await queue.pause();
      // Once subscribed to private-design.{id}, the page loads the design: that load says it listens.
      const listening = page.waitForResponse((r) => /\/api\/designs\/[0-9a-f-]{36}$/.test(r.url()), {
        timeout: 30_000,
      });
      await page.getByTestId('generate-button').click();
      await page.getByTestId('progress-view').waitFor();
      expect(await page.locator('[data-step-state]').count()).toBe(5);
      expect(await page.locator('[data-step-state="pending"]').count()).toBe(5);
      await page.evaluate(`(() => {
        window.__progress = [];
        const read = () => {
          const v = document.querySelector('[data-testid="progress-value"]')?.textContent;
          const steps = [...document.querySelectorAll('[data-step-state]')].map((li) => li.getAttribute('data-step-state')[0]).join('');
          const last = window.__progress[window.__progress.length - 1];
          if (v && (!last || last.v !== v || last.steps !== steps)) window.__progress.push({ v, steps });
        };
        read();
        new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      })()`);
      await listening;
      await queue.resume();
      await page.getByTestId('compare-slider').waitFor({ timeout: 30_000 });
      const seen = (await page.evaluate('window.__progress')) as Array<{ v: string; steps: string }>;
      const values = seen.map((s) => Number(s.v.replace('%', '')));
      expect(values[0]).toBe(0);
      expect(values[values.length - 1]).toBe(100);
      expect(new Set(values).size).toBeGreaterThanOrEqual(4); // the steps advanced live, not in one jump
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(seen.some((s) => s.steps.includes('i'))).toBe(true); // a step was shown in progress
      expect(seen[seen.length - 1].steps).toBe('ccccc');
      expect(await page.getByTestId('credits-badge').textContent()).toBe('2 credits');

      // Compare slider: starts at 50, follows a drag, then the arrow keys by 1%.
      const handle = page.getByRole('slider', { name: 'Compare before and after' });
      expect(await handle.getAttribute('aria-valuenow')).toBe('50');
      await page.evaluate(
        `document.querySelector('[data-testid="compare-slider"]').scrollIntoView({ block: 'center' })`,
      );
      const box = (await page.getByTestId('compare-slider').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      expect(Number(await handle.getAttribute('aria-valuenow'))).toBe(25);
      await handle.focus();
      await page.keyboard.press('ArrowRight');
      expect(await handle.getAttribute('aria-valuenow')).toBe('26');

      // Favorite on the design page.
      await page.getByTestId('open-design').click();
      await page.getByTestId('favorite-button').waitFor();
      expect(await page.getByTestId('favorite-button').getAttribute('aria-pressed')).toBe('false');
      await page.getByTestId('favorite-button').click();
      await page.waitForSelector('[data-testid="favorite-button"][aria-pressed="true"]');
      const id = page.url().split('/').pop()!;
      const [row] = await t.db.query(`SELECT favorite FROM designs WHERE id = $1`, [id]);
      expect(row.favorite).toBe(true);

      // Share: a public link, and each network opens in a 500x500 popup.
      await page.getByTestId('share-link').click();
      await page.getByTestId('create-share-link').click();
      const shareUrl = await page.getByTestId('share-url').inputValue();
      expect(shareUrl).toMatch(new RegExp(`^${t.baseUrl}/shared/designs/[A-Za-z0-9_-]+$`));
      await page.evaluate(
        `window.__opened = []; window.open = (url, name, features) => { window.__opened.push({ url, name, features }); return null; }`,
      );
      await page.locator('[data-network="facebook"]').click();
      const opened = (await page.evaluate('window.__opened')) as Array<{ url: string; features: string }>;
      expect(opened[0].url).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shareUrl)}`);
      expect(opened[0].features).toMatch(/^width=500,height=500,/);

      // The shared page works for a stranger.
      const guest = await b.browser.newPage();
      await guest.goto(shareUrl);
      await guest.getByRole('heading', { name: 'A coastal living room designed with Reelty' }).waitFor();
      expect(await guest.locator('meta[property="og:image"]').first().getAttribute('content')).toMatch(
        /\/media\/designs\/.+\.jpg$/,
      );
      await guest.getByTestId('compare-slider').waitFor();
      await guest.close();
    });
    await page.context().close();
  }, 120_000);

  it('shows the finished design when its live events were missed (the subscription came after the job ended)', async () => {
    const { t } = b;
    const user = await t.createUser({ name: 'Mia Missed' });
    await t.app.get(CreditsService).grant(user.id, 2, 'test');
    const page = await pageFor(user);
    await withDiagnostics(page, async () => {
      await page.goto('/designer');
      await page
        .getByTestId('upload-input')
        .setInputFiles({ name: 'bedroom.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto(800, 600) });
      await page.getByTestId('upload-preview').waitFor();
      // Every channel authorization waits until the design is finished: no socket hears its progress or its end.
      let release!: () => void;
      const finished = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/broadcasting/auth', async (route) => {
        await finished;
        await route.continue();
      });
      await page.getByTestId('generate-button').click();
      await page.getByTestId('progress-view').waitFor();
      const id = await waitForDesign(t, user.id);
      await waitForStatus(t, id, 'completed');
      release();
      // The subscription succeeds at last; the page loads the design as it is now and shows it, without a reload.
      await page.getByTestId('compare-slider').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('credits-badge').textContent()).toBe('1 credit');
    });
    await page.context().close();
  }, 120_000);

  it('the designer fits a 360 px wide phone in dark mode', async () => {
    const { t } = b;
    const user = await t.createUser();
    const page = await pageFor(user, { width: 360, height: 780 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await withDiagnostics(page, async () => {
      await page.goto('/designer');
      await page.getByRole('heading', { name: 'AI room designer' }).waitFor();
      expect(await page.evaluate('document.documentElement.classList.contains("dark")')).toBe(true);
      const overflow = (await page.evaluate('document.documentElement.scrollWidth')) as number;
      expect(overflow).toBeLessThanOrEqual(360);
    });
    await page.context().close();
  }, 60_000);
});

/** The id of the user's newest design, once there is one. */
async function waitForDesign(
  t: { db: { query: (sql: string, params: unknown[]) => Promise<Array<{ id: string }>> } },
  userId: string,
) {
  for (;;) {
    const [row] = await t.db.query(`SELECT id FROM designs WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, [
      userId,
    ]);
    if (row) return row.id;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitForStatus(
  t: { db: { query: (sql: string, params: unknown[]) => Promise<Array<{ status: string }>> } },
  id: string,
  status: string,
) {
  while ((await t.db.query(`SELECT status FROM designs WHERE id = $1`, [id]))[0]?.status !== status)
    await new Promise((r) => setTimeout(r, 100));
}
