import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A property's market time zone (IANA name, e.g. America/Chicago), which rules about local days read ("open house
 * this weekend" is the listing's weekend). Null: unknown, and such rules fall back to the searcher's zone.
 */
export class PropertyTimeZone1765300100000 implements MigrationInterface {
  name = 'PropertyTimeZone1765300100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE properties ADD COLUMN time_zone varchar(64)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE properties DROP COLUMN time_zone`);
  }
}
