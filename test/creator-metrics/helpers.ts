import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/app';

/** Raw rows the creator rollup counts, written straight into their owners' tables at given times. */
export function rawRows(t: TestApp) {
  let n = 0;
  const uniq = () => `${Date.now().toString(36)}${++n}`;
  return {
    /** A published walkthrough with one published spot; returns their ids and slugs. */
    async content(userId: string) {
      const wt = randomUUID();
      const spot = randomUUID();
      const s = uniq();
      await t.db.query(
        `INSERT INTO walkthroughs (id, slug, user_id, title, published) VALUES ($1, $2, $3, 'Harbour tour', true)`,
        [wt, `wt-${s}`, userId],
      );
      await t.db.query(
        `INSERT INTO spots (id, slug, user_id, walkthrough_id, title, published) VALUES ($1, $2, $3, $4, 'Sunny spot', true)`,
        [spot, `spot-${s}`, userId, wt],
      );
      return { walkthrough: { id: wt, slug: `wt-${s}` }, spot: { id: spot, slug: `spot-${s}` } };
    },
    play(
      kind: 'spot' | 'walkthrough',
      contentId: string,
      creatorId: string,
      day: string,
      watchMs: number,
      done: boolean,
    ) {
      return t.db.query(
        `INSERT INTO creator_video_views (content_id, day, viewer, kind, creator_id, watch_ms, completed)
         VALUES ($1, $2::date, $3, $4, $5, $6, $7)`,
        [contentId, day, `s:${uniq()}`, kind, creatorId, watchMs, done],
      );
    },
    follow(followerId: string, followeeId: string, at: Date) {
      return t.db.query(`INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, $3)`, [
        followerId,
        followeeId,
        at,
      ]);
    },
    share(userId: string, at: Date) {
      return t.db.query(
        `INSERT INTO designs (user_id, original_image, status, provider, share_token, shared_at)
         VALUES ($1, 'x.jpg', 'completed', 'fake', $2, $3)`,
        [userId, uniq(), at],
      );
    },
    /** A published property of the realtor's in a team of their own; returns its id and the team's. */
    async property(userId: string) {
      const [team] = await t.db.query(
        `INSERT INTO teams (name, handle, personal, owner_id) VALUES ('Book', $1, true, $2) RETURNING id`,
        [`b${uniq()}`.slice(0, 30), userId],
      );
      const [p] = await t.db.query(
        `INSERT INTO properties (user_id, team_id, slug, name, price, zip, type, publish, published_at, full_address)
         VALUES ($1, $2, $3, 'Sunny house', '900000.00', '94110', 'house', true, now(), '1 Main St') RETURNING id`,
        [userId, team.id, `cm-${uniq()}`],
      );
      return { propertyId: p.id as string, teamId: team.id as string };
    },
    async inquiry(book: { propertyId: string; teamId: string }, at: Date, source = 'listing_inquiry') {
      const [c] = await t.db.query(
        `INSERT INTO crm_contacts (team_id, name, email, source) VALUES ($1, 'Buyer', $2, 'manual') RETURNING id`,
        [book.teamId, `b${uniq()}@example.test`],
      );
      await t.db.query(
        `INSERT INTO crm_leads (team_id, contact_id, source, source_ref, property_id, status, routing_reason, created_at)
         VALUES ($1, $2, $3, $4, $5, 'claimable', 'pool', $6)`,
        [book.teamId, c.id, source, `inquiry:${uniq()}`, book.propertyId, at],
      );
    },
  };
}
