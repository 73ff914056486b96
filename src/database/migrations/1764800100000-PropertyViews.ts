import { MigrationInterface, QueryRunner } from 'typeorm';

/** Property page views: one row per property, day and viewer (a signed-in user or a session), so counts are people. */
export class PropertyViews1764800100000 implements MigrationInterface {
  name = 'PropertyViews1764800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE property_views (
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        day date NOT NULL,
        viewer varchar(64) NOT NULL,
        PRIMARY KEY (property_id, day, viewer)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS property_views`);
  }
}
