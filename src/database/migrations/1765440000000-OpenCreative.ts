import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * OpenCreative: creative managers (one listing per user: headline, skills, rate, portfolio paths; a generated
 * `search` tsvector), delegations from a realtor to a manager (scopes, optional listings, expiry; at most one
 * pending or active per pair) and the append-only activity log of delegated actions (a trigger refuses UPDATE and
 * DELETE; rows go with their grant only when an account is deleted, through the cascade of the grant's users).
 */
export class OpenCreative1765440000000 implements MigrationInterface {
  name = 'OpenCreative1765440000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE creative_managers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        headline varchar(160) NOT NULL,
        bio text NOT NULL DEFAULT '',
        skills text[] NOT NULL CHECK (cardinality(skills) BETWEEN 1 AND 3
          AND skills <@ ARRAY['video_editing','design','photo']::text[]),
        rate_text varchar(80) NOT NULL DEFAULT '',
        portfolio text[] NOT NULL DEFAULT '{}' CHECK (cardinality(portfolio) <= 12),
        search tsvector GENERATED ALWAYS AS (to_tsvector('simple', headline || ' ' || bio)) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX creative_managers_skills_idx ON creative_managers USING gin (skills)`);
    await q.query(`CREATE INDEX creative_managers_search_idx ON creative_managers USING gin (search)`);
    await q.query(`CREATE INDEX creative_managers_newest_idx ON creative_managers (updated_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE creative_grants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        manager_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        scopes text[] NOT NULL CHECK (cardinality(scopes) >= 1 AND scopes <@ ARRAY[
          'walkthroughs:read','walkthroughs:edit','spots:read','spots:edit','designs:read','designs:edit']::text[]),
        listing_ids uuid[],
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','active','declined','revoked')),
        expires_at timestamptz,
        accepted_at timestamptz,
        ended_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (owner_id <> manager_id)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX creative_grants_open_pair ON creative_grants (owner_id, manager_id)
       WHERE status IN ('pending','active')`,
    );
    await q.query(`CREATE INDEX creative_grants_owner_idx ON creative_grants (owner_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX creative_grants_manager_idx ON creative_grants (manager_id, created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE creative_activity (
        id bigserial PRIMARY KEY,
        grant_id uuid NOT NULL REFERENCES creative_grants(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL,
        manager_id uuid NOT NULL,
        scope varchar(20) NOT NULL,
        resource_type varchar(20) NOT NULL,
        resource_id varchar(80) NOT NULL,
        summary varchar(300) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX creative_activity_owner_idx ON creative_activity (owner_id, id DESC)`);
    await q.query(`CREATE INDEX creative_activity_manager_idx ON creative_activity (manager_id, id DESC)`);
    await q.query(`CREATE INDEX creative_activity_grant_idx ON creative_activity (grant_id)`);
    // Append-only: edits and deletes are refused, except the cascade when a grant's account is deleted.
    await q.query(`
      CREATE FUNCTION creative_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
        RAISE EXCEPTION 'creative_activity is append-only';
      END $$`);
    await q.query(`
      CREATE TRIGGER creative_activity_no_change BEFORE UPDATE OR DELETE ON creative_activity
      FOR EACH ROW EXECUTE FUNCTION creative_activity_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE creative_activity`);
    await q.query(`DROP FUNCTION creative_activity_append_only()`);
    await q.query(`DROP TABLE creative_grants`);
    await q.query(`DROP TABLE creative_managers`);
  }
}
