import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Farm campaigns and their public pieces: a campaign has a public form (its unguessable slug), linked open houses
 * and an area on the map; single-use codes (QR per recipient or print run, or image credits) redeem exactly once
 * (`crm_code_redemptions` is keyed by the code); gifts sent to contacts are tracked with their cost. Leads remember
 * the campaign they came through.
 */
export class CrmCampaigns1765120000000 implements MigrationInterface {
  name = 'CrmCampaigns1765120000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_campaigns (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        name varchar(120) NOT NULL,
        headline varchar(200) NOT NULL DEFAULT '',
        slug varchar(24) NOT NULL UNIQUE,
        area jsonb,
        open_house_ids uuid[] NOT NULL DEFAULT '{}',
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX crm_campaigns_team ON crm_campaigns (team_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX crm_campaigns_open_houses ON crm_campaigns USING gin (open_house_ids)`);
    await q.query(`
      CREATE TABLE crm_campaign_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        campaign_id uuid NOT NULL REFERENCES crm_campaigns(id) ON DELETE CASCADE,
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        code varchar(32) NOT NULL UNIQUE,
        kind varchar(8) NOT NULL CHECK (kind IN ('qr','credits')),
        credits integer NOT NULL DEFAULT 0 CHECK (credits >= 0),
        label varchar(120) NOT NULL DEFAULT '',
        funded_by uuid REFERENCES users(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX crm_campaign_codes_campaign ON crm_campaign_codes (campaign_id, created_at DESC, id)`);
    await q.query(`
      CREATE TABLE crm_code_redemptions (
        code_id uuid PRIMARY KEY REFERENCES crm_campaign_codes(id) ON DELETE CASCADE,
        campaign_id uuid NOT NULL REFERENCES crm_campaigns(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        lead_id uuid REFERENCES crm_leads(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX crm_code_redemptions_campaign ON crm_code_redemptions (campaign_id)`);
    await q.query(`
      CREATE TABLE crm_gifts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        campaign_id uuid REFERENCES crm_campaigns(id) ON DELETE SET NULL,
        contact_id uuid NOT NULL REFERENCES crm_contacts(id) ON DELETE CASCADE,
        description varchar(200) NOT NULL,
        cost_minor integer NOT NULL CHECK (cost_minor >= 0),
        currency char(3) NOT NULL DEFAULT 'USD',
        sent_at timestamptz NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX crm_gifts_campaign ON crm_gifts (campaign_id, sent_at DESC)`);
    await q.query(`CREATE INDEX crm_gifts_team ON crm_gifts (team_id, sent_at DESC)`);
    await q.query(`CREATE INDEX crm_gifts_contact ON crm_gifts (contact_id)`);
    await q.query(`ALTER TABLE crm_leads ADD COLUMN campaign_id uuid REFERENCES crm_campaigns(id) ON DELETE SET NULL`);
    await q.query(
      `CREATE INDEX crm_leads_campaign ON crm_leads (campaign_id, created_at DESC) WHERE campaign_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE crm_leads DROP COLUMN IF EXISTS campaign_id`);
    for (const table of ['crm_gifts', 'crm_code_redemptions', 'crm_campaign_codes', 'crm_campaigns']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
