import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved searches that alert: each search's criteria as indexed columns (its longitude/latitude box on a GiST
 * index, longitudes unwrapped so a box across the antimeridian runs past 180), the property history written by a
 * trigger on every listing, unlisting, price or status change of a visible property, the hits (one per search
 * and history row) and each user's alert email choice.
 */
export class SavedSearchAlerts1764800000000 implements MigrationInterface {
  name = 'SavedSearchAlerts1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE saved_searches
        ADD COLUMN area box,
        ADD COLUMN min_price numeric(14,2),
        ADD COLUMN max_price numeric(14,2),
        ADD COLUMN type varchar(20),
        ADD COLUMN sector varchar(20),
        ADD COLUMN status varchar(20),
        ADD COLUMN alerts boolean NOT NULL DEFAULT true`);
    // Searches saved before: a box around the circle (69 miles a degree of latitude), generous near the poles.
    await q.query(`
      UPDATE saved_searches s SET area = box(point(c.w, c.s), point(c.e, c.n))
      FROM (
        SELECT id,
               greatest(-90, (params->>'lat')::float8 - (params->>'radius')::float8 / 69) AS s,
               least(90, (params->>'lat')::float8 + (params->>'radius')::float8 / 69) AS n,
               CASE WHEN abs((params->>'lat')::float8) > 80 THEN -180
                    ELSE (params->>'lng')::float8 - least(180, (params->>'radius')::float8 / (69 * cos(radians((params->>'lat')::float8)))) END AS w0,
               CASE WHEN abs((params->>'lat')::float8) > 80 THEN 180
                    ELSE (params->>'lng')::float8 + least(180, (params->>'radius')::float8 / (69 * cos(radians((params->>'lat')::float8)))) END AS e0
        FROM saved_searches
      ) b
      CROSS JOIN LATERAL (SELECT b.s, b.n,
        CASE WHEN b.w0 < -180 THEN b.w0 + 360 ELSE b.w0 END AS w,
        CASE WHEN b.w0 < -180 THEN b.e0 + 360 ELSE b.e0 END AS e) c
      WHERE s.id = b.id`);
    await q.query(`
      UPDATE saved_searches SET
        min_price = NULLIF(params->>'min_price', '')::numeric,
        max_price = NULLIF(params->>'max_price', '')::numeric,
        type = NULLIF(params->>'type', ''),
        sector = NULLIF(params->>'sector', ''),
        status = NULLIF(params->>'status', '')`);
    await q.query(`CREATE INDEX saved_searches_area_idx ON saved_searches USING gist (area) WHERE alerts`);

    await q.query(`
      CREATE TABLE property_history (
        id bigserial PRIMARY KEY,
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL CHECK (kind IN ('listed', 'unlisted', 'price', 'status')),
        old_price numeric(14,2),
        new_price numeric(14,2),
        currency varchar(10),
        old_status varchar(20),
        new_status varchar(20),
        created_at timestamptz NOT NULL DEFAULT now(),
        alerted_at timestamptz
      )`);
    await q.query(`CREATE INDEX property_history_property_idx ON property_history (property_id, id)`);
    await q.query(
      `CREATE INDEX property_history_unalerted_idx ON property_history (property_id) WHERE alerted_at IS NULL`,
    );
    await q.query(`
      CREATE FUNCTION record_property_history() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        was boolean := TG_OP = 'UPDATE' AND OLD.publish AND NOT OLD.is_private AND OLD.archived_at IS NULL;
        now_visible boolean := NEW.publish AND NOT NEW.is_private AND NEW.archived_at IS NULL;
      BEGIN
        IF now_visible AND NOT was THEN
          INSERT INTO property_history (property_id, kind, new_price, currency, new_status)
          VALUES (NEW.id, 'listed', NEW.price, NEW.currency, NEW.status);
        ELSIF was AND NOT now_visible THEN
          INSERT INTO property_history (property_id, kind, old_price, new_price, currency, old_status, new_status)
          VALUES (NEW.id, 'unlisted', OLD.price, NEW.price, NEW.currency, OLD.status, NEW.status);
        ELSIF was AND now_visible THEN
          IF NEW.price IS DISTINCT FROM OLD.price THEN
            INSERT INTO property_history (property_id, kind, old_price, new_price, currency, new_status)
            VALUES (NEW.id, 'price', OLD.price, NEW.price, NEW.currency, NEW.status);
          END IF;
          IF NEW.status IS DISTINCT FROM OLD.status THEN
            INSERT INTO property_history (property_id, kind, new_price, currency, old_status, new_status)
            VALUES (NEW.id, 'status', NEW.price, NEW.currency, OLD.status, NEW.status);
          END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER properties_history AFTER INSERT OR UPDATE OF publish, is_private, archived_at, price, status
      ON properties FOR EACH ROW EXECUTE FUNCTION record_property_history()`);

    await q.query(`
      CREATE TABLE saved_search_hits (
        id bigserial PRIMARY KEY,
        saved_search_id uuid NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        history_id bigint NOT NULL REFERENCES property_history(id) ON DELETE CASCADE,
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL,
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        notified_at timestamptz,
        emailed_at timestamptz
      )`);
    await q.query(
      `CREATE UNIQUE INDEX saved_search_hits_search_history_unique ON saved_search_hits (saved_search_id, history_id)`,
    );
    await q.query(
      `CREATE INDEX saved_search_hits_unnotified_idx ON saved_search_hits (property_id) WHERE notified_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX saved_search_hits_unemailed_idx ON saved_search_hits (user_id) WHERE emailed_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE saved_search_settings (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        email varchar(8) NOT NULL DEFAULT 'daily' CHECK (email IN ('instant', 'daily', 'off')),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS saved_search_settings`);
    await q.query(`DROP TABLE IF EXISTS saved_search_hits`);
    await q.query(`DROP TRIGGER IF EXISTS properties_history ON properties`);
    await q.query(`DROP FUNCTION IF EXISTS record_property_history()`);
    await q.query(`DROP TABLE IF EXISTS property_history`);
    await q.query(`DROP INDEX IF EXISTS saved_searches_area_idx`);
    await q.query(`
      ALTER TABLE saved_searches
        DROP COLUMN area, DROP COLUMN min_price, DROP COLUMN max_price, DROP COLUMN type,
        DROP COLUMN sector, DROP COLUMN status, DROP COLUMN alerts`);
  }
}
