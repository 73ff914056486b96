import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A property's market time zone derived from where it is, when nobody chose one: `zone_at(lat, lng)` knows the
 * United States (contiguous zones by their usual borders, Arizona without daylight saving, Alaska, Hawaii,
 * Puerto Rico) and answers null elsewhere, where rules keep falling back to the searcher's zone. Existing
 * properties are backfilled; from now on a trigger fills the zone on insert and follows a move while the zone is
 * still the derived one (a zone the realtor chose, different from the derived one, is kept).
 * Re-running `up` is harmless (the function is replaced, the trigger recreated, only null zones filled).
 */
export class PropertyZoneFromLocation1765400000000 implements MigrationInterface {
  name = 'PropertyZoneFromLocation1765400000000';

  async up(q: QueryRunner): Promise<void> {
    // Borders as longitude lines per latitude band: good to a county or two along the Central/Eastern line.
    await q.query(`
      CREATE OR REPLACE FUNCTION zone_at(lat double precision, lng double precision) RETURNS varchar
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE
          WHEN lat IS NULL OR lng IS NULL THEN NULL
          WHEN lat BETWEEN 17.8 AND 18.6 AND lng BETWEEN -67.5 AND -65.2 THEN 'America/Puerto_Rico'
          WHEN lat BETWEEN 18.5 AND 22.5 AND lng BETWEEN -160.5 AND -154.5 THEN 'Pacific/Honolulu'
          WHEN lat BETWEEN 51 AND 71.5 AND (lng BETWEEN -180 AND -129.9 OR lng > 172) THEN 'America/Anchorage'
          WHEN NOT (lat BETWEEN 24.4 AND 49.4 AND lng BETWEEN -124.9 AND -66.9) THEN NULL
          -- South of the Mexican border (its zones differ from the US ones): unknown.
          WHEN polygon '((-117.12,32.53),(-114.72,32.72),(-111.07,31.33),(-108.21,31.33),(-108.21,31.78),
                         (-106.53,31.74),(-106.2,31.45),(-104.9,30.6),(-104.5,29.6),(-103.1,29.0),(-102.4,29.8),
                         (-101.4,29.77),(-100.9,29.3),(-99.5,27.45),(-99.1,26.45),(-98.2,26.05),(-97.5,25.85),
                         (-97.14,25.95),(-97.0,14),(-118,14),(-118,32.53))' @> point(lng, lat) THEN NULL
          WHEN lat BETWEEN 31.3 AND 37.0 AND lng BETWEEN -114.8 AND -109.05 THEN 'America/Phoenix'
          WHEN lng < -114.05 AND lat < 42 THEN 'America/Los_Angeles'
          WHEN lng < -116.9 OR (lat > 45.6 AND lng < -116.0) THEN 'America/Los_Angeles'
          WHEN lat < 32.0 AND lng >= -104.9 THEN
            CASE WHEN lng > -85.0 THEN 'America/New_York' ELSE 'America/Chicago' END
          WHEN lng < -102.05 THEN 'America/Denver'
          WHEN lat >= 41.7 THEN CASE WHEN lng > -87.0 THEN 'America/New_York' ELSE 'America/Chicago' END
          WHEN lat >= 38.5 THEN CASE WHEN lng > -87.5 THEN 'America/New_York' ELSE 'America/Chicago' END
          WHEN lat >= 36.6 THEN CASE WHEN lng > -86.0 THEN 'America/New_York' ELSE 'America/Chicago' END
          ELSE CASE WHEN lng > -85.2 THEN 'America/New_York' ELSE 'America/Chicago' END
        END
      $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION properties_zone_from_location() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.time_zone IS NULL
           OR (TG_OP = 'UPDATE' AND NEW.time_zone IS NOT DISTINCT FROM OLD.time_zone
               AND OLD.time_zone IS NOT DISTINCT FROM zone_at(OLD.latitude, OLD.longitude)) THEN
          NEW.time_zone := zone_at(NEW.latitude, NEW.longitude);
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`DROP TRIGGER IF EXISTS properties_zone_from_location ON properties`);
    await q.query(`
      CREATE TRIGGER properties_zone_from_location BEFORE INSERT OR UPDATE OF latitude, longitude, time_zone
      ON properties FOR EACH ROW EXECUTE FUNCTION properties_zone_from_location()`);
    // The backfill: only rows with a place and no zone (the trigger leaves a non-null zone alone here).
    await q.query(`
      UPDATE properties SET time_zone = zone_at(latitude, longitude)
       WHERE time_zone IS NULL AND latitude IS NOT NULL AND longitude IS NOT NULL
         AND zone_at(latitude, longitude) IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS properties_zone_from_location ON properties`);
    await q.query(`DROP FUNCTION IF EXISTS properties_zone_from_location()`);
    await q.query(`DROP FUNCTION IF EXISTS zone_at(double precision, double precision)`);
  }
}
