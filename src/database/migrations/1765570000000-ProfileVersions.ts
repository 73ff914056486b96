import { MigrationInterface, QueryRunner } from 'typeorm';

/** The WHEN clause of an update trigger that fires only when one of these columns changed. */
const changed = (columns: string[]) =>
  `WHEN (${columns.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ')})`;
/** Each table a profile shows, how its rows reach a profile, and which updates count. */
const TRIGGERS: Array<[table: string, args: string, updateWhen: string]> = [
  ['users', `'id'`, changed(['name', 'handle', 'type', 'avatar_path', 'bio', 'suspended_at', 'deleted_at'])],
  ['follows', `'follower_id', 'followee_id'`, ''],
  ['user_stats', `'user_id'`, ''],
  ['user_markets', `'user_id'`, ''],
  ['profile_stickers', `'user_id'`, ''],
  ['sticker_pack_owners', `'user_id'`, ''],
  ['properties', `'user_id'`, 'WHEN (OLD.* IS DISTINCT FROM NEW.*)'],
  ['property_uploads', `'property'`, ''],
  ['listings', `'user_id'`, 'WHEN (OLD.* IS DISTINCT FROM NEW.*)'],
  ['open_houses', `'listing'`, ''],
  ['spots', `'media'`, changed(['slug', 'video_id', 'listing_id', 'walkthrough_id', 'published', 'created_at'])],
  ['walkthroughs', `'media'`, changed(['slug', 'listing_id', 'created_at'])],
  ['videos', `'media'`, changed(['slug', 'playback_id', 'status', 'position', 'walkthrough_id'])],
  ['stats', `'catalogue'`, 'WHEN (OLD.* IS DISTINCT FROM NEW.*)'],
  ['markets', `'catalogue'`, 'WHEN (OLD.* IS DISTINCT FROM NEW.*)'],
  ['stickers', `'catalogue'`, 'WHEN (OLD.* IS DISTINCT FROM NEW.*)'],
  ['sticker_packs', `'catalogue'`, 'WHEN (OLD.* IS DISTINCT FROM NEW.*)'],
];

/**
 * A version per public profile, raised by the database on every write that changes what a guest sees on it, so the
 * guest profile (`/api/profile/:handle`, issue 12) can be served from a cache that a single indexed read proves
 * fresh. Triggers, not service code, raise it: a profile shows rows of seven areas (users, follows, stats, markets,
 * properties and their photos, listings with their spots, walkthroughs, videos and open houses, stickers), and a
 * trigger sees every writer, the background ones (transcodes) and the ones to come.
 *
 * `profile_versions.version` takes the next value of one sequence, so a version never repeats for a user; the row of
 * the nil uuid is the catalogues' version (stats, markets, stickers, sticker packs), which every profile shows.
 * Updates that change none of the columns a profile shows (a video's progress, a user's password) raise nothing.
 * Partial indexes on the listings' spot, spot video and walkthrough columns keep the triggers' lookups indexed.
 */
export class ProfileVersions1765570000000 implements MigrationInterface {
  name = 'ProfileVersions1765570000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE profile_version_seq`);
    await q.query(`CREATE TABLE profile_versions (user_id uuid PRIMARY KEY, version bigint NOT NULL)`);
    await q.query(`CREATE INDEX listings_spot_idx ON listings (spot_id) WHERE spot_id IS NOT NULL`);
    await q.query(`CREATE INDEX listings_spot_video_idx ON listings (spot_video_id) WHERE spot_video_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX listings_walkthrough_idx ON listings (walkthrough_id) WHERE walkthrough_id IS NOT NULL`,
    );
    // Raises the versions of these users (nulls and repeats ignored; locked in id order, so two writers cannot
    // deadlock on each other's rows).
    await q.query(`
      CREATE FUNCTION profile_versions_bump(owners uuid[]) RETURNS void LANGUAGE sql AS $$
        INSERT INTO profile_versions (user_id, version)
        SELECT d.u, nextval('profile_version_seq')
        FROM (SELECT DISTINCT u FROM unnest(owners) AS u WHERE u IS NOT NULL ORDER BY u) d
        ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version
      $$`);
    // Owners of the listings that show these spots, walkthroughs or videos (directly or through a spot/walkthrough).
    await q.query(`
      CREATE FUNCTION profile_listing_owners(listing_ids uuid[], spot_ids uuid[], walkthrough_ids uuid[],
                                             video_ids uuid[]) RETURNS uuid[] LANGUAGE sql STABLE AS $$
        SELECT coalesce(array_agg(DISTINCT l.user_id), '{}') FROM listings l
        WHERE l.id = ANY (listing_ids
                          || ARRAY(SELECT s.listing_id FROM spots s WHERE s.id = ANY (spot_ids) OR s.video_id = ANY (video_ids))
                          || ARRAY(SELECT w.listing_id FROM walkthroughs w
                                   WHERE w.id = ANY (walkthrough_ids)
                                      OR w.id IN (SELECT v.walkthrough_id FROM videos v WHERE v.id = ANY (video_ids))))
           OR l.spot_id = ANY (spot_ids || ARRAY(SELECT s.id FROM spots s WHERE s.video_id = ANY (video_ids)))
           OR l.spot_video_id = ANY (video_ids)
           OR l.walkthrough_id = ANY (walkthrough_ids
                                      || ARRAY(SELECT v.walkthrough_id FROM videos v WHERE v.id = ANY (video_ids)))
      $$`);
    // One trigger function for every table: TG_ARGV names how the row reaches a profile.
    //   'user:<column>...'  the users in these columns; 'property' the property's owner; 'listing' the listing's;
    //   'media' listing owners through spots/walkthroughs/videos; 'catalogue' every profile (the nil uuid).
    await q.query(`
      CREATE FUNCTION profile_versions_touch() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        rows jsonb[] := ARRAY[]::jsonb[];
        r jsonb;
        owners uuid[] := ARRAY[]::uuid[];
        col text;
      BEGIN
        IF TG_OP <> 'INSERT' THEN rows := rows || to_jsonb(OLD); END IF;
        IF TG_OP <> 'DELETE' THEN rows := rows || to_jsonb(NEW); END IF;
        FOREACH r IN ARRAY rows LOOP
          IF TG_ARGV[0] = 'catalogue' THEN
            owners := owners || '00000000-0000-0000-0000-000000000000'::uuid;
          ELSIF TG_ARGV[0] = 'property' THEN
            owners := owners || ARRAY(SELECT p.user_id FROM properties p WHERE p.id = (r->>'property_id')::uuid);
          ELSIF TG_ARGV[0] = 'listing' THEN
            owners := owners || ARRAY(SELECT l.user_id FROM listings l WHERE l.id = (r->>'listing_id')::uuid);
          ELSIF TG_ARGV[0] = 'media' THEN
            owners := owners || (r->>'user_id')::uuid || profile_listing_owners(
              ARRAY[(r->>'listing_id')::uuid],
              CASE WHEN TG_TABLE_NAME = 'spots' THEN ARRAY[(r->>'id')::uuid] ELSE '{}' END,
              CASE WHEN TG_TABLE_NAME = 'walkthroughs' THEN ARRAY[(r->>'id')::uuid]
                   WHEN TG_TABLE_NAME = 'spots' THEN ARRAY[(r->>'walkthrough_id')::uuid] ELSE '{}' END,
              CASE WHEN TG_TABLE_NAME = 'videos' THEN ARRAY[(r->>'id')::uuid]
                   WHEN TG_TABLE_NAME = 'spots' THEN ARRAY[(r->>'video_id')::uuid] ELSE '{}' END);
            IF TG_TABLE_NAME = 'videos' THEN
              owners := owners || profile_listing_owners('{}', '{}', ARRAY[(r->>'walkthrough_id')::uuid], '{}');
            END IF;
          ELSE
            FOREACH col IN ARRAY TG_ARGV LOOP
              owners := owners || (r->>col)::uuid;
            END LOOP;
          END IF;
        END LOOP;
        PERFORM profile_versions_bump(owners);
        RETURN NULL;
      END
      $$`);
    for (const [table, args, updateWhen] of TRIGGERS) {
      // A catalogue row no one shows yet (a new stat, market or sticker) changes no profile when it is added.
      const ops = args === `'catalogue'` ? 'DELETE' : 'INSERT OR DELETE';
      await q.query(
        `CREATE TRIGGER ${table}_profile_version AFTER ${ops} ON ${table}
         FOR EACH ROW EXECUTE FUNCTION profile_versions_touch(${args})`,
      );
      await q.query(
        `CREATE TRIGGER ${table}_profile_version_update AFTER UPDATE ON ${table}
         FOR EACH ROW ${updateWhen} EXECUTE FUNCTION profile_versions_touch(${args})`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table] of TRIGGERS) {
      await q.query(`DROP TRIGGER IF EXISTS ${table}_profile_version ON ${table}`);
      await q.query(`DROP TRIGGER IF EXISTS ${table}_profile_version_update ON ${table}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS profile_versions_touch()`);
    await q.query(`DROP FUNCTION IF EXISTS profile_listing_owners(uuid[], uuid[], uuid[], uuid[])`);
    await q.query(`DROP FUNCTION IF EXISTS profile_versions_bump(uuid[])`);
    await q.query(`DROP INDEX IF EXISTS listings_walkthrough_idx`);
    await q.query(`DROP INDEX IF EXISTS listings_spot_video_idx`);
    await q.query(`DROP INDEX IF EXISTS listings_spot_idx`);
    await q.query(`DROP TABLE IF EXISTS profile_versions`);
    await q.query(`DROP SEQUENCE IF EXISTS profile_version_seq`);
  }
}
