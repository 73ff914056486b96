import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lead marketplace: a book offers one of its leads for image credits; another realtor claims it (first to
 * claim), gets a copy of the contact in their own book, and may dispute within 72 hours for a refund.
 */
export class CrmLeadMarketplace1765220000000 implements MigrationInterface {
  name = 'CrmLeadMarketplace1765220000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_lead_offers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        lead_id uuid NOT NULL UNIQUE REFERENCES crm_leads(id) ON DELETE CASCADE,
        seller_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        seller_team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        price_credits integer NOT NULL CHECK (price_credits > 0),
        timeline varchar(16) NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'open'
          CHECK (status IN ('open','sold','disputed','refunded','settled')),
        buyer_id uuid REFERENCES users(id) ON DELETE SET NULL,
        buyer_contact_id uuid REFERENCES crm_contacts(id) ON DELETE SET NULL,
        claimed_at timestamptz,
        dispute_ends_at timestamptz,
        dispute_reason text,
        disputed_at timestamptz,
        closed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX crm_lead_offers_open ON crm_lead_offers (created_at DESC, id DESC) WHERE status = 'open'`,
    );
    await q.query(`CREATE INDEX crm_lead_offers_buyer ON crm_lead_offers (buyer_id, claimed_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS crm_lead_offers`);
  }
}
