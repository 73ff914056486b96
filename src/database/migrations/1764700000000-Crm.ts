import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Realtor CRM. Every row belongs to one team's book (`team_id`); a contact is one person per book, unique on its
 * normalised email and on its E.164 phone while it is not merged away. Activities are the contact's timeline;
 * leads are what routing assigns; `crm_merges` keeps what a merge moved so it can be undone.
 */
export class Crm1764700000000 implements MigrationInterface {
  name = 'Crm1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_contacts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        name varchar(200) NOT NULL DEFAULT '',
        email varchar(320),
        phone varchar(20),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        stage varchar(20) NOT NULL DEFAULT 'new'
          CHECK (stage IN ('new','contacted','appointment','under_contract','closed','lost')),
        source varchar(32) NOT NULL,
        tags text[] NOT NULL DEFAULT '{}',
        agent_id uuid REFERENCES users(id) ON DELETE SET NULL,
        consent_version varchar(40),
        merged_into_id uuid REFERENCES crm_contacts(id) ON DELETE SET NULL,
        last_activity_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search tsvector GENERATED ALWAYS AS (
          to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))
        ) STORED
      )`);
    await q.query(`CREATE UNIQUE INDEX crm_contacts_email_unique ON crm_contacts (team_id, email)
      WHERE email IS NOT NULL AND merged_into_id IS NULL`);
    await q.query(`CREATE UNIQUE INDEX crm_contacts_phone_unique ON crm_contacts (team_id, phone)
      WHERE phone IS NOT NULL AND merged_into_id IS NULL`);
    await q.query(`CREATE UNIQUE INDEX crm_contacts_user_unique ON crm_contacts (team_id, user_id)
      WHERE user_id IS NOT NULL AND merged_into_id IS NULL`);
    await q.query(`CREATE INDEX crm_contacts_recent ON crm_contacts (team_id, last_activity_at DESC, id DESC)
      WHERE merged_into_id IS NULL`);
    await q.query(`CREATE INDEX crm_contacts_agent ON crm_contacts (team_id, agent_id, last_activity_at DESC)
      WHERE merged_into_id IS NULL`);
    await q.query(`CREATE INDEX crm_contacts_stage ON crm_contacts (team_id, stage, last_activity_at DESC)
      WHERE merged_into_id IS NULL`);
    await q.query(`CREATE INDEX crm_contacts_source ON crm_contacts (team_id, source, last_activity_at DESC)
      WHERE merged_into_id IS NULL`);
    await q.query(`CREATE INDEX crm_contacts_tags ON crm_contacts USING gin (tags)`);
    await q.query(`CREATE INDEX crm_contacts_search ON crm_contacts USING gin (search)`);

    await q.query(`
      CREATE TABLE crm_activities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        contact_id uuid NOT NULL REFERENCES crm_contacts(id) ON DELETE CASCADE,
        kind varchar(24) NOT NULL,
        source varchar(32),
        body text NOT NULL DEFAULT '',
        data jsonb NOT NULL DEFAULT '{}',
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX crm_activities_contact ON crm_activities (contact_id, created_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE crm_routing_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        position integer NOT NULL,
        name varchar(80) NOT NULL,
        source varchar(32),
        zips text[] NOT NULL DEFAULT '{}',
        price_min_minor bigint,
        price_max_minor bigint,
        property_type varchar(32),
        target varchar(16) NOT NULL CHECK (target IN ('agent','round_robin','first_to_claim')),
        agent_ids uuid[] NOT NULL,
        cursor integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (team_id, position) DEFERRABLE INITIALLY DEFERRED
      )`);
    await q.query(`
      CREATE TABLE crm_agent_settings (
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        paused boolean NOT NULL DEFAULT false,
        PRIMARY KEY (team_id, user_id)
      )`);
    await q.query(`
      CREATE TABLE crm_settings (
        team_id uuid PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
        speed_to_lead_minutes integer NOT NULL DEFAULT 15 CHECK (speed_to_lead_minutes BETWEEN 1 AND 10080),
        follows_as_leads boolean NOT NULL DEFAULT false
      )`);

    await q.query(`
      CREATE TABLE crm_leads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        contact_id uuid NOT NULL REFERENCES crm_contacts(id) ON DELETE CASCADE,
        source varchar(32) NOT NULL,
        source_ref varchar(200) NOT NULL,
        message text NOT NULL DEFAULT '',
        property_id uuid,
        zip varchar(20),
        price_minor bigint,
        property_type varchar(32),
        consent_version varchar(40),
        status varchar(16) NOT NULL CHECK (status IN ('assigned','claimable','contacted')),
        agent_id uuid REFERENCES users(id) ON DELETE SET NULL,
        candidate_ids uuid[] NOT NULL DEFAULT '{}',
        rule_id uuid REFERENCES crm_routing_rules(id) ON DELETE SET NULL,
        routing_reason text NOT NULL,
        reassignments integer NOT NULL DEFAULT 0,
        assigned_at timestamptz,
        contacted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (team_id, source, source_ref)
      )`);
    await q.query(`CREATE INDEX crm_leads_agent ON crm_leads (agent_id, created_at DESC)`);
    await q.query(
      `CREATE INDEX crm_leads_candidates ON crm_leads USING gin (candidate_ids) WHERE status = 'claimable'`,
    );
    await q.query(`CREATE INDEX crm_leads_team ON crm_leads (team_id, created_at DESC)`);
    await q.query(`CREATE INDEX crm_leads_contact ON crm_leads (contact_id)`);

    await q.query(`
      CREATE TABLE crm_tasks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        contact_id uuid NOT NULL REFERENCES crm_contacts(id) ON DELETE CASCADE,
        title varchar(200) NOT NULL,
        due_at timestamptz NOT NULL,
        done_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX crm_tasks_contact ON crm_tasks (contact_id, due_at)`);

    await q.query(`
      CREATE TABLE crm_merges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        survivor_id uuid NOT NULL REFERENCES crm_contacts(id) ON DELETE CASCADE,
        merged_id uuid NOT NULL REFERENCES crm_contacts(id) ON DELETE CASCADE,
        moved jsonb NOT NULL,
        survivor_before jsonb NOT NULL,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        undone_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX crm_merges_survivor ON crm_merges (survivor_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'crm_merges',
      'crm_tasks',
      'crm_leads',
      'crm_settings',
      'crm_agent_settings',
      'crm_routing_rules',
      'crm_activities',
      'crm_contacts',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
