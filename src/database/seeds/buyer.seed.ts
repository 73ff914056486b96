import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const DEMO_COLLECTION = 'Austin shortlist';
const HOUR = 3600_000;

/**
 * The buyer's side for `npm start`: Bella's "Austin shortlist" collection (three of Rita's listings, shared with
 * Rita to view and with Victor to edit, two comments) and two tour requests (one waiting for Rita, one confirmed).
 * A few rows in one transaction; idempotent (skipped when the collection exists).
 */
export async function seedDemoBuyer(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  if ((await db.query(`SELECT 1 FROM collections WHERE name = $1`, [DEMO_COLLECTION])).length) return;
  const people: Array<{ id: string; email: string }> = await db.query(
    `SELECT id, email FROM users WHERE email IN ('realtor@reelty.test', 'buyer@reelty.test', 'viewer@reelty.test')`,
  );
  const who = (email: string) => people.find((p) => p.email === email)?.id;
  const [rita, bella, victor] = [who('realtor@reelty.test'), who('buyer@reelty.test'), who('viewer@reelty.test')];
  if (!rita || !bella || !victor) return;
  const listings: Array<{ id: string }> = await db.query(
    `SELECT id FROM properties WHERE user_id = $1 AND publish AND archived_at IS NULL
      ORDER BY (city = 'Austin') DESC, created_at LIMIT 4`,
    [rita],
  );
  if (listings.length < 4) return;
  const tomorrow10 = new Date(Math.ceil(Date.now() / (24 * HOUR)) * 24 * HOUR + 16 * HOUR); // 10:00 in Austin
  await db.transaction(async (tx) => {
    const [c] = await tx.query(`INSERT INTO collections (owner_id, name) VALUES ($1, $2) RETURNING id`, [
      bella,
      DEMO_COLLECTION,
    ]);
    await tx.query(
      `INSERT INTO collection_members (collection_id, user_id, role) VALUES ($1, $2, 'view'), ($1, $3, 'edit')`,
      [c.id, rita, victor],
    );
    const items: Array<{ id: string }> = await tx.query(
      `INSERT INTO collection_items (collection_id, property_id, added_by)
       SELECT $1, unnest($2::uuid[]), $3 RETURNING id`,
      [c.id, listings.slice(0, 3).map((l) => l.id), bella],
    );
    await tx.query(`INSERT INTO collection_comments (item_id, user_id, body) VALUES ($1, $2, $3), ($1, $4, $5)`, [
      items[0].id,
      bella,
      'Love the light in the kitchen.',
      victor,
      'Close to the park too. Worth a tour?',
    ]);
    await tx.query(
      `INSERT INTO tour_requests (property_id, buyer_id, realtor_id, mode, status, offered_times, offered_by, message)
       VALUES ($1, $3, $4, 'in_person', 'requested', $5, 'buyer', 'Could we see it before work?'),
              ($2, $3, $4, 'video', 'confirmed', $6, 'buyer', NULL)`,
      [
        listings[0].id,
        listings[3].id,
        bella,
        rita,
        [new Date(tomorrow10.getTime() + 24 * HOUR), new Date(tomorrow10.getTime() + 50 * HOUR)],
        [tomorrow10],
      ],
    );
    await tx.query(
      `UPDATE tour_requests SET scheduled_at = offered_times[1], sequence = 1 WHERE buyer_id = $1 AND status = 'confirmed'`,
      [bella],
    );
  });
  logger.log(`Buyer demo: "${DEMO_COLLECTION}" and two tour requests for buyer@reelty.test`);
}
