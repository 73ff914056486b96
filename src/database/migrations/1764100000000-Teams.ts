import { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables whose rows belong to a team as well as to their author. */
const AUTHORED_TABLES = ['properties', 'listings', 'walkthroughs', 'spots'] as const;

/**
 * Teams: memberships with one owner (a partial unique index makes a second owner impossible even under races),
 * each user's current team, invitations (only a hash of the link token is stored), join requests, LLM budget
 * reservations, and `team_id` on team-owned data.
 *
 * A new row of team-owned data takes its team from its parent (a listing from its property, an open house from
 * its listing, a spot or walkthrough from its listing) and otherwise from the author's current team, in a
 * trigger: the one place that rule lives, whatever code inserts the row.
 *
 * Backfill: every existing user gets a personal team (owner, current), and existing rows take their author's
 * personal team.
 */
export class Teams1764100000000 implements MigrationInterface {
  name = 'Teams1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE teams (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(80) NOT NULL,
        handle varchar(30) NOT NULL,
        type varchar(20) NOT NULL DEFAULT 'team',
        personal boolean NOT NULL DEFAULT false,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        logo_path varchar(500),
        email_domain varchar(253),
        domain_token varchar(64),
        domain_verified_at timestamptz,
        monthly_budget_micro bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX teams_handle_unique ON teams (lower(handle))`);
    await q.query(
      `CREATE UNIQUE INDEX teams_verified_domain_unique ON teams (email_domain) WHERE domain_verified_at IS NOT NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX teams_personal_owner_unique ON teams (owner_id) WHERE personal`);
    await q.query(`
      CREATE TABLE team_members (
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(20) NOT NULL,
        llm_cap_micro bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, user_id)
      )`);
    await q.query(`CREATE INDEX team_members_user_idx ON team_members (user_id)`);
    await q.query(`CREATE INDEX team_members_team_created_idx ON team_members (team_id, created_at, user_id)`);
    await q.query(`CREATE UNIQUE INDEX team_members_one_owner ON team_members (team_id) WHERE role = 'owner'`);
    await q.query(`
      CREATE TABLE current_teams (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX current_teams_team_idx ON current_teams (team_id)`);
    await q.query(`
      CREATE TABLE team_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        email varchar(255) NOT NULL,
        role varchar(20) NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX team_invitations_open_unique ON team_invitations (team_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL`,
    );
    await q.query(`CREATE INDEX team_invitations_email_idx ON team_invitations (email, created_at DESC)`);
    await q.query(`CREATE INDEX team_invitations_team_idx ON team_invitations (team_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE team_join_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        status varchar(10) NOT NULL DEFAULT 'pending',
        message varchar(500),
        decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX team_join_requests_pending_unique ON team_join_requests (team_id, user_id) WHERE status = 'pending'`,
    );
    await q.query(`CREATE INDEX team_join_requests_team_idx ON team_join_requests (team_id, status, created_at DESC)`);
    await q.query(`
      CREATE TABLE team_llm_reservations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        feature varchar(40) NOT NULL,
        reserved_micro bigint NOT NULL CHECK (reserved_micro >= 0),
        settled_micro bigint CHECK (settled_micro >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz
      )`);
    await q.query(`CREATE INDEX team_llm_reservations_team_idx ON team_llm_reservations (team_id, created_at)`);
    await q.query(`
      CREATE TABLE team_llm_alerts (
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        month char(7) NOT NULL,
        threshold smallint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, month, threshold)
      )`);

    for (const table of [...AUTHORED_TABLES, 'open_houses', 'usage_records']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN team_id uuid REFERENCES teams(id) ON DELETE SET NULL`);
    }
    await q.query(`CREATE INDEX properties_team_created_idx ON properties (team_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX properties_team_price_idx ON properties (team_id, price DESC NULLS LAST, id)`);
    await q.query(`CREATE INDEX listings_team_idx ON listings (team_id, created_at DESC)`);
    await q.query(`CREATE INDEX walkthroughs_team_idx ON walkthroughs (team_id)`);
    await q.query(`CREATE INDEX spots_team_idx ON spots (team_id)`);
    await q.query(`CREATE INDEX open_houses_team_idx ON open_houses (team_id)`);
    await q.query(`CREATE INDEX usage_records_team_created_idx ON usage_records (team_id, created_at)`);

    await q.query(`
      CREATE FUNCTION team_of_author(author uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
        SELECT team_id FROM current_teams WHERE user_id = author
      $$`);
    await q.query(`
      CREATE FUNCTION set_team_from_author() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Nested IFs: a record field is only read on the tables that have it.
        IF NEW.team_id IS NOT NULL THEN
          RETURN NEW;
        END IF;
        IF TG_TABLE_NAME = 'listings' THEN
          SELECT team_id INTO NEW.team_id FROM properties WHERE id = NEW.property_id;
        ELSIF TG_TABLE_NAME = 'open_houses' THEN
          SELECT team_id INTO NEW.team_id FROM listings WHERE id = NEW.listing_id;
          RETURN NEW;
        ELSIF TG_TABLE_NAME IN ('spots', 'walkthroughs') THEN
          IF NEW.listing_id IS NOT NULL THEN
            SELECT team_id INTO NEW.team_id FROM listings WHERE id = NEW.listing_id;
          END IF;
        END IF;
        IF NEW.team_id IS NULL THEN
          IF NEW.user_id IS NOT NULL THEN
            NEW.team_id := team_of_author(NEW.user_id);
          END IF;
        END IF;
        RETURN NEW;
      END $$`);
    for (const table of [...AUTHORED_TABLES, 'open_houses', 'usage_records']) {
      await q.query(
        `CREATE TRIGGER ${table}_team_default BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION set_team_from_author()`,
      );
    }

    // Backfill: a personal team per user, owned by and current for that user.
    await q.query(`
      INSERT INTO teams (name, handle, type, personal, owner_id)
      SELECT left(split_part(u.name, ' ', 1), 60) || '''s Team',
             left(coalesce(u.handle, 'team'), 20) || '_' || substr(md5(u.id::text), 1, 8), 'team', true, u.id
        FROM users u`);
    await q.query(`INSERT INTO team_members (team_id, user_id, role) SELECT id, owner_id, 'owner' FROM teams`);
    await q.query(`INSERT INTO current_teams (user_id, team_id) SELECT owner_id, id FROM teams`);
    for (const table of [...AUTHORED_TABLES, 'usage_records']) {
      await q.query(`UPDATE ${table} x SET team_id = c.team_id FROM current_teams c WHERE c.user_id = x.user_id`);
    }
    await q.query(`UPDATE open_houses o SET team_id = l.team_id FROM listings l WHERE l.id = o.listing_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [...AUTHORED_TABLES, 'open_houses', 'usage_records']) {
      await q.query(`DROP TRIGGER IF EXISTS ${table}_team_default ON ${table}`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS team_id`);
    }
    await q.query(`DROP FUNCTION IF EXISTS set_team_from_author()`);
    await q.query(`DROP FUNCTION IF EXISTS team_of_author(uuid)`);
    for (const table of [
      'team_llm_alerts',
      'team_llm_reservations',
      'team_join_requests',
      'team_invitations',
      'current_teams',
      'team_members',
      'teams',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
