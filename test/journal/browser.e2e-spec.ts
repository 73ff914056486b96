import type { Page } from 'playwright-core';
import type { User } from '../../src/modules/users/user.entity';
import { TrustService } from '../../src/modules/community';
import { bootTestApp } from '../support/app';
import { browserSuite, withDiagnostics } from '../support/browser';
import { checkStep } from '../browser/screenshots';
import { MEMBER_ACTIVITY } from '../community/support';

/**
 * A realtor writes and publishes a journal post in Chromium; a follower reading the journal is told live, opens
 * the post and comments; the realtor sees the comment, then opens the creative managers' grant form. Needs the client built (`npx vite build`).
 */
describe('journal publish, live notice and comment in the browser', () => {
  const b = browserSuite(bootTestApp);

  const pageFor = (user: User, width = 1280): Promise<Page> => b.pageFor(user, { width, height: 900 });

  it('publishes, notifies the follower live, and takes their comment', async () => {
    const { t } = b;
    const realtor = await t.createUser({
      name: 'Rita Realtor',
      type: 'realtor',
      createdAt: new Date(Date.now() - 9 * 86_400_000),
    });
    await t.app.get(TrustService).addActivity(realtor.id, MEMBER_ACTIVITY);
    const follower = await t.createUser({ name: 'Fred Follower' });
    await t.db.query(`INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)`, [follower.id, realtor.id]);

    const reader = await pageFor(follower, 360);
    const writer = await pageFor(realtor);
    await withDiagnostics(reader, async () => {
      await reader.goto('/journal');
      await reader.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
      await checkStep(reader, 'journal-index');

      await withDiagnostics(writer, async () => {
        await writer.goto('/journal/create');
        await writer.getByLabel('Title').fill('Spring on the bay');
        await writer.getByRole('textbox', { name: 'Post' }).click();
        await writer.keyboard.type('Three new waterfront listings this week.');
        await writer.getByLabel('Who can read it').selectOption('followers');
        await checkStep(writer, 'journal-edit');
        await writer.getByRole('button', { name: 'Publish' }).click();
        await writer.getByRole('heading', { name: 'Spring on the bay' }).waitFor();
      });

      // The follower's page hears of it without reloading.
      const banner = reader.getByRole('status').filter({ hasText: 'Spring on the bay' });
      await banner.waitFor();
      await banner.getByRole('link', { name: 'Read it' }).click();
      await reader.getByRole('heading', { name: 'Spring on the bay' }).waitFor();
      await reader.getByRole('textbox', { name: 'Your comment' }).click();
      await reader.keyboard.type('Would love a tour of the second one!');
      await reader.getByRole('button', { name: 'Comment' }).click();
      await reader.getByText('Comments (1)').waitFor();
      await checkStep(reader, 'journal-show');
    });

    await writer.reload();
    await writer.getByText('Would love a tour of the second one!').waitFor();

    // OpenCreative: the realtor opens the managers' marketplace and a grant form with its listing picker.
    const editor = await t.createUser({ name: 'Vera Video' });
    await t.db.query(
      `INSERT INTO creative_managers (user_id, headline, skills) VALUES ($1, 'Walkthrough editor', ARRAY['video_editing'])`,
      [editor.id],
    );
    await withDiagnostics(writer, async () => {
      await writer.goto('/open-creative/managers');
      await writer.getByRole('heading', { name: 'Creative managers' }).waitFor();
      await writer.getByText('Walkthrough editor').waitFor();
      await writer.getByRole('button', { name: 'Give access' }).click();
      await writer.getByText('Only some listings').click();
      await checkStep(writer, 'open-creative-managers');
    });
  });
});
