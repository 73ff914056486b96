import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { sanitizeRichText, richTextToPlain } from '../../common/rich-text';
import { TrustService } from '../../modules/community';

export const DEMO_SOCIETY = 'Bay Area Luxury Market';

const POSTS = [
  {
    title: 'Three waterfront homes to watch this spring',
    body: '<h3>Sausalito, Tiburon, Belvedere</h3><p>Inventory on the water is <strong>up 12%</strong> on last spring. Here is what stands out.</p><ul><li>Glass and cedar on Bridgeway</li><li>A restored 1930s boathouse</li><li>A new build with a private dock</li></ul>',
  },
  {
    title: 'Staging a view home: let the window do the work',
    body: '<p>Keep furniture low and pale, turn chairs towards the view, and clear the sills.</p><blockquote>Buyers remember the view, not the sofa.</blockquote>',
  },
  {
    title: 'What a jumbo loan needs in 2026',
    body: '<p>Lenders ask for 12 months of reserves and a debt-to-income under 43%. Start the paperwork early.</p>',
  },
];

/**
 * Community demo content: the demo realtor is a trusted member (level 2), has three public journal posts and owns
 * a public society the demo viewer belongs to, with a few posts. Written in SQL with the followers' notice
 * already marked sent, so seeding tells nobody anything. Idempotent: skipped when the society exists.
 */
export async function seedDemoCommunity(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  if ((await db.query(`SELECT 1 FROM societies WHERE name = $1`, [DEMO_SOCIETY])).length) return;
  const [realtor] = await db.query(`SELECT id FROM users WHERE email = 'realtor@reelty.test'`);
  const [viewer] = await db.query(`SELECT id FROM users WHERE email = 'viewer@reelty.test'`);
  if (!realtor || !viewer) return;
  await app
    .get(TrustService)
    .addActivity(realtor.id, { days_visited: 30, posts_read: 120, likes_given: 12, likes_received: 9 });
  await db.transaction(async (tx) => {
    for (const [i, post] of POSTS.entries()) {
      const html = sanitizeRichText(post.body);
      await tx.query(
        `INSERT INTO journal_posts (author_id, title, body_html, excerpt, visibility, status, published_at, notified_at)
         VALUES ($1, $2, $3, $4, 'public', 'published', now() - make_interval(days => $5), now())`,
        [realtor.id, post.title, html, richTextToPlain(html, 280), i * 3 + 1],
      );
    }
    await tx.query(
      `INSERT INTO journal_posts (author_id, title, body_html, excerpt) VALUES ($1, 'Draft: open house checklist', '<p>Flowers, lights, music.</p>', 'Flowers, lights, music.')`,
      [realtor.id],
    );
    const [society] = await tx.query(
      `INSERT INTO societies (name, description, visibility, owner_id, members_count, posts_count)
       VALUES ($1, 'Agents, designers and buyers following the top of the Bay Area market.', 'public', $2, 2, 2) RETURNING id`,
      [DEMO_SOCIETY, realtor.id],
    );
    await tx.query(
      `INSERT INTO society_members (society_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'member')`,
      [society.id, realtor.id, viewer.id],
    );
    await tx.query(
      `INSERT INTO society_posts (society_id, author_id, body_html, created_at) VALUES
         ($1, $2, '<p>Welcome! Share listings, comps and open houses here.</p>', now() - interval '2 days'),
         ($1, $3, '<p>Anyone seen the new build in Belvedere? Asking for a friend.</p>', now() - interval '1 day')`,
      [society.id, realtor.id, viewer.id],
    );
  });
  logger.log(`Community demo: 3 journal posts and 1 draft by @rita, society "${DEMO_SOCIETY}"`);
}

export const DEMO_CHANNEL = 'Rita’s open houses';

/**
 * Channels demo: the demo realtor's public broadcast channel (the viewer subscribes) with three messages already
 * notified, and a public discussion channel. Idempotent: skipped when the channel exists.
 */
export async function seedDemoChannels(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  if ((await db.query(`SELECT 1 FROM community_channels WHERE name = $1`, [DEMO_CHANNEL])).length) return;
  const [realtor] = await db.query(`SELECT id FROM users WHERE email = 'realtor@reelty.test'`);
  const [viewer] = await db.query(`SELECT id FROM users WHERE email = 'viewer@reelty.test'`);
  if (!realtor || !viewer) return;
  await db.transaction(async (tx) => {
    const [broadcast, talk] = await tx.query(
      `INSERT INTO community_channels (name, description, visibility, posting, owner_id, members_count, messages_count, last_message_at)
       VALUES ($1, 'Open houses and new listings the moment they go live.', 'public', 'owner', $2, 2, 3, now()),
              ('Stagers and photographers', 'Tips, gear and light for listing shoots.', 'public', 'members', $2, 2, 2, now())
       RETURNING id`,
      [DEMO_CHANNEL, realtor.id],
    );
    await tx.query(
      `INSERT INTO community_channel_members (channel_id, user_id, role)
       VALUES ($1, $3, 'owner'), ($1, $4, 'member'), ($2, $3, 'owner'), ($2, $4, 'member')`,
      [broadcast.id, talk.id, realtor.id, viewer.id],
    );
    await tx.query(
      `INSERT INTO community_messages (channel_id, author_id, body_html, notified_at, created_at) VALUES
         ($1, $3, '<p>Open house <strong>Saturday 2–4 pm</strong> at the Belvedere new build.</p>', now(), now() - interval '3 hours'),
         ($1, $3, '<p>Price improvement on Bridgeway: now $4.2M.</p>', now(), now() - interval '1 day'),
         ($1, $3, '<p>Welcome to the channel! I post here first.</p>', now(), now() - interval '3 days'),
         ($2, $4, '<p>Which lens for small bathrooms? 14 mm feels too wide.</p>', now(), now() - interval '5 hours'),
         ($2, $3, '<p>16–35 at 18 mm, shot from the doorway at chest height.</p>', now(), now() - interval '4 hours')`,
      [broadcast.id, talk.id, realtor.id, viewer.id],
    );
  });
  logger.log(`Channels demo: "${DEMO_CHANNEL}" (broadcast) and a discussion channel by @rita`);
}

/** Pursuits demo: two of the demo realtor's goals, one with milestones. Idempotent: skipped when they have any. */
export async function seedDemoPursuits(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  const [realtor] = await db.query(`SELECT id FROM users WHERE email = 'realtor@reelty.test'`);
  if (!realtor || (await db.query(`SELECT 1 FROM pursuits WHERE owner_id = $1`, [realtor.id])).length) return;
  await db.transaction(async (tx) => {
    const [sell] = await tx.query(
      `INSERT INTO pursuits (owner_id, title, unit, target, progress, due_on) VALUES
         ($1, 'Sell 12 homes this year', 'homes', 12, 5, make_date(extract(year FROM now())::int, 12, 31)),
         ($1, 'Publish a walkthrough for every listing', 'walkthroughs', 8, 8, NULL)
       RETURNING id`,
      [realtor.id],
    );
    await tx.query(`UPDATE pursuits SET completed_at = now() WHERE owner_id = $1 AND progress >= target`, [realtor.id]);
    await tx.query(
      `INSERT INTO pursuit_milestones (pursuit_id, title, done_at, created_at) VALUES
         ($1, 'List the Belvedere new build', now(), now() - interval '2 minutes'),
         ($1, 'Host three open houses', NULL, now() - interval '1 minute'),
         ($1, 'Close on Bridgeway', NULL, now())`,
      [sell.id],
    );
  });
  logger.log('Pursuits demo: two goals for @rita');
}
