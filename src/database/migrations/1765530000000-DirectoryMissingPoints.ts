import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service providers with a city but no map point (saved before points existed, or while the geocoder was down):
 * a partial index keeps the background backfill's scan (`directory.map-points`, by id) to those rows only. The
 * job geocodes each city with the configured geocoder (the offline gazetteer by default) and is queued at boot
 * while any such provider is left.
 */
export class DirectoryMissingPoints1765530000000 implements MigrationInterface {
  name = 'DirectoryMissingPoints1765530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS service_providers_missing_point_idx ON service_providers (id)
       WHERE latitude IS NULL AND city <> ''`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS service_providers_missing_point_idx`);
  }
}
