import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service providers: reviews (1-5 stars and sanitised text, one per reviewer per provider, the provider's count and
 * sum kept beside it for the average), the uploaded licence document awaiting an admin, and a map point (from the
 * city or given) with a GiST index on point(longitude, latitude) for distance search, as properties have.
 */
export class DirectoryReviewsLicenceGeo1765330100000 implements MigrationInterface {
  name = 'DirectoryReviewsLicenceGeo1765330100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE service_providers
        ADD COLUMN reviews_count integer NOT NULL DEFAULT 0 CHECK (reviews_count >= 0),
        ADD COLUMN rating_sum integer NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
        ADD COLUMN licence_document_key varchar(300),
        ADD COLUMN licence_document_mime varchar(60),
        ADD COLUMN licence_uploaded_at timestamptz,
        ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90),
        ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180)`);
    await q.query(
      `CREATE INDEX service_providers_point_idx ON service_providers USING gist (point(longitude, latitude))
       WHERE latitude IS NOT NULL AND longitude IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX service_providers_awaiting_idx ON service_providers (licence_uploaded_at, id)
       WHERE verified_at IS NULL AND licence_uploaded_at IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE service_provider_reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider_id uuid NOT NULL REFERENCES service_providers(id) ON DELETE CASCADE,
        reviewer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        body_html text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider_id, reviewer_id)
      )`);
    await q.query(
      `CREATE INDEX service_provider_reviews_list_idx ON service_provider_reviews (provider_id, updated_at DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS service_provider_reviews`);
    await q.query(`DROP INDEX IF EXISTS service_providers_point_idx`);
    await q.query(`DROP INDEX IF EXISTS service_providers_awaiting_idx`);
    await q.query(`
      ALTER TABLE service_providers DROP COLUMN reviews_count, DROP COLUMN rating_sum, DROP COLUMN licence_document_key,
        DROP COLUMN licence_document_mime, DROP COLUMN licence_uploaded_at, DROP COLUMN latitude, DROP COLUMN longitude`);
  }
}
