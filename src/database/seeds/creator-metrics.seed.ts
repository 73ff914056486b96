import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CreatorRollupService } from '../../modules/creator-metrics';
import { UsersService } from '../../modules/users/users.service';

/** Weeks of demo activity behind the realtor's Metrics page. */
const DEMO_DAYS = 28;

/**
 * The demo realtor's creator metrics (idempotent: skipped once she has plays): four weeks of plays of her spots and
 * walkthroughs (more on weekends, some to the end), new followers from the other accounts, listing inquiries on her
 * properties, her shared designs dated in the range; then the rollup, so the page has charts at once. A handful of
 * set-based statements, so the seed stays fast.
 */
export async function seedDemoCreatorMetrics(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  const realtor = await app.get(UsersService).findByEmail('realtor@reelty.test');
  if (!realtor) return;
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM creator_video_views WHERE creator_id = $1`, [
    realtor.id,
  ]);
  if (n > 0) return;
  // Plays: per content and day a varying number of viewers, each with a watch time and a completion.
  await db.query(
    `INSERT INTO creator_video_views (content_id, day, viewer, kind, creator_id, watch_ms, completed)
     SELECT c.id, d.day, 'demo:' || v, c.kind, $1,
       CASE WHEN c.kind = 'spot' THEN 4000 + (v * 3137 + c.seed) % 26000 ELSE 30000 + (v * 7919 + c.seed) % 240000 END,
       (v + c.seed) % 3 = 0
     FROM (SELECT id, 'spot' AS kind, abs(hashtext(id::text)) % 97 AS seed FROM spots WHERE user_id = $1
           UNION ALL SELECT id, 'walkthrough', abs(hashtext(id::text)) % 89 FROM walkthroughs WHERE user_id = $1) c
     CROSS JOIN (SELECT (current_date - k)::date AS day, k FROM generate_series(0, $2 - 1) k) d
     CROSS JOIN LATERAL generate_series(1,
       2 + (c.seed + d.k * 5) % 9 + CASE WHEN extract(isodow FROM d.day) >= 6 THEN 6 ELSE 0 END + ($2 - d.k) / 4) v`,
    [realtor.id, DEMO_DAYS],
  );
  // Followers: the other accounts follow her on days spread over the range.
  await db.query(
    `INSERT INTO follows (follower_id, followee_id, created_at)
     SELECT u.id, $1, now() - ((row_number() OVER (ORDER BY u.id) * 37) % ($2 * 24)) * interval '1 hour'
     FROM users u WHERE u.id <> $1 LIMIT 60
     ON CONFLICT DO NOTHING`,
    [realtor.id, DEMO_DAYS],
  );
  // Listing inquiries on her published properties, a contact each.
  await db.query(
    `WITH p AS (SELECT id, team_id, row_number() OVER (ORDER BY id) AS i FROM properties
                WHERE user_id = $1 AND team_id IS NOT NULL LIMIT 4),
     k AS (SELECT p.id AS property_id, p.team_id, g, gen_random_uuid() AS contact_id FROM p, generate_series(1, 5) g),
     c AS (INSERT INTO crm_contacts (id, team_id, name, email, source)
           SELECT contact_id, team_id, 'Inquirer ' || g, 'inquirer-' || left(contact_id::text, 8) || '@example.test',
             'listing_inquiry' FROM k RETURNING id)
     INSERT INTO crm_leads (team_id, contact_id, source, source_ref, property_id, status, routing_reason, created_at)
     SELECT k.team_id, k.contact_id, 'listing_inquiry', 'demo-metrics:' || k.contact_id, k.property_id, 'claimable',
       'Demo inquiry', now() - ((g * 5 + length(k.property_id::text)) % $2) * interval '1 day'
     FROM k JOIN c ON c.id = k.contact_id`,
    [realtor.id, DEMO_DAYS],
  );
  // Her designs that are shared count as shared on days in the range.
  await db.query(
    `UPDATE designs SET shared_at = now() - (abs(hashtext(id::text)) % $2) * interval '1 day'
     WHERE user_id = $1 AND share_token IS NOT NULL`,
    [realtor.id, DEMO_DAYS],
  );
  const { days } = await app.get(CreatorRollupService).rollup();
  logger.log(`Creator metrics: ${DEMO_DAYS} days of demo activity for ${realtor.email}, ${days} days rolled up`);
}
