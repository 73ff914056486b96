import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Realtor templates (emails with merge fields, listing flyers, social posts), tracked email sends (one row per
 * recipient, its unsubscribe and open token), and the global suppression list every marketing send checks.
 */
export class CrmTemplates1765120100000 implements MigrationInterface {
  name = 'CrmTemplates1765120100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        kind varchar(8) NOT NULL CHECK (kind IN ('email','flyer','social')),
        name varchar(120) NOT NULL,
        subject varchar(200) NOT NULL DEFAULT '',
        body text NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX crm_templates_team ON crm_templates (team_id, kind, updated_at DESC)`);
    await q.query(`
      CREATE TABLE crm_email_sends (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        template_id uuid REFERENCES crm_templates(id) ON DELETE SET NULL,
        template_name varchar(120) NOT NULL,
        contact_id uuid NOT NULL REFERENCES crm_contacts(id) ON DELETE CASCADE,
        email varchar(320) NOT NULL,
        token varchar(64) NOT NULL UNIQUE,
        sent_by uuid REFERENCES users(id) ON DELETE SET NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        opened_at timestamptz
      )`);
    await q.query(`CREATE INDEX crm_email_sends_team ON crm_email_sends (team_id, sent_at DESC, id DESC)`);
    await q.query(`CREATE INDEX crm_email_sends_contact ON crm_email_sends (contact_id)`);
    await q.query(`
      CREATE TABLE crm_suppressions (
        email varchar(320) PRIMARY KEY,
        reason varchar(16) NOT NULL CHECK (reason IN ('unsubscribe','bounce','complaint')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['crm_suppressions', 'crm_email_sends', 'crm_templates']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
