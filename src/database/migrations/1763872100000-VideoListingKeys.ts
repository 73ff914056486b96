import { MigrationInterface, QueryRunner } from 'typeorm';

/** Now that the listings table exists: walkthroughs and spots point at real listings (cleared when a listing goes). */
export class VideoListingKeys1763872100000 implements MigrationInterface {
  name = 'VideoListingKeys1763872100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE walkthroughs ADD CONSTRAINT walkthroughs_listing_fk FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE SET NULL`,
    );
    await q.query(
      `ALTER TABLE spots ADD CONSTRAINT spots_listing_fk FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE SET NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE spots DROP CONSTRAINT IF EXISTS spots_listing_fk`);
    await q.query(`ALTER TABLE walkthroughs DROP CONSTRAINT IF EXISTS walkthroughs_listing_fk`);
  }
}
