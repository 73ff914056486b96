import { MigrationInterface, QueryRunner } from 'typeorm';

const VISIBLE = 'publish AND NOT is_private AND archived_at IS NULL AND latitude IS NOT NULL AND longitude IS NOT NULL';

/**
 * Market search and owner dashboards.
 *
 * 1. The market GiST index carries the columns the radius search reads (INCLUDE id, latitude,
 *    longitude, price, type, sector, status), so both the KNN window and the capped count are index-only
 *    scans: no heap page per candidate (a 25-mile circle in a metro holds ~25,000 properties spread
 *    over as many heap pages). Same name and predicate, so nothing else changes.
 * 2. Owner dashboards (listings and properties): the owner's rows in the default sort (newest first,
 *    then id) and by price, so the page query walks one index range in order instead of sorting the
 *    owner's whole set. The publish state (publish / archived_at) is checked on those rows; it splits an
 *    owner's few thousand rows at most three ways, so it is not worth an index column of its own.
 */
export class DashboardIndexes1763871300000 implements MigrationInterface {
  name = 'DashboardIndexes1763871300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX properties_market_geo_covering_idx ON properties USING gist (point(longitude, latitude))
      INCLUDE (id, latitude, longitude, price, type, sector, status)
      WHERE ${VISIBLE}`);
    await q.query(`DROP INDEX properties_market_geo_idx`);
    await q.query(`ALTER INDEX properties_market_geo_covering_idx RENAME TO properties_market_geo_idx`);
    await q.query(`CREATE INDEX properties_user_created_idx ON properties (user_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX properties_user_price_idx ON properties (user_id, price DESC NULLS LAST, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS properties_user_price_idx`);
    await q.query(`DROP INDEX IF EXISTS properties_user_created_idx`);
    await q.query(
      `CREATE INDEX properties_market_geo_plain_idx ON properties USING gist (point(longitude, latitude)) WHERE ${VISIBLE}`,
    );
    await q.query(`DROP INDEX properties_market_geo_idx`);
    await q.query(`ALTER INDEX properties_market_geo_plain_idx RENAME TO properties_market_geo_idx`);
  }
}
