import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lead marketplace offers priced in money (through commerce) as well as in image credits: the price, the commerce
 * product that sells the offer, the order line that bought it, the commerce refund that paid it back; how a
 * dispute was settled; and one row per paid order line so a repeated `order.paid` never sells or refunds twice.
 */
export class CrmMoneyOffers1765430000000 implements MigrationInterface {
  name = 'CrmMoneyOffers1765430000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE crm_lead_offers DROP CONSTRAINT IF EXISTS crm_lead_offers_price_credits_check`);
    await q.query(`
      ALTER TABLE crm_lead_offers
        ADD COLUMN price_minor bigint,
        ADD COLUMN currency varchar(3),
        ADD COLUMN product_id uuid,
        ADD COLUMN order_id uuid,
        ADD COLUMN order_line_id uuid,
        ADD COLUMN refund_id uuid,
        ADD COLUMN buyer_had_contact boolean NOT NULL DEFAULT false,
        ADD COLUMN dispute_kind varchar(16) CHECK (dispute_kind IN ('duplicate','invalid_phone','other')),
        ADD CONSTRAINT crm_lead_offers_price CHECK (
          (price_minor IS NULL AND currency IS NULL AND price_credits > 0)
          OR (price_minor > 0 AND currency IS NOT NULL AND price_credits = 0))`);
    await q.query(
      `CREATE UNIQUE INDEX crm_lead_offers_product ON crm_lead_offers (product_id) WHERE product_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE crm_offer_payments (
        order_line_id uuid PRIMARY KEY,
        order_id uuid NOT NULL,
        offer_id uuid NOT NULL REFERENCES crm_lead_offers(id) ON DELETE CASCADE,
        outcome varchar(8) NOT NULL CHECK (outcome IN ('sold','refund')),
        refund_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS crm_offer_payments`);
    await q.query(`DROP INDEX IF EXISTS crm_lead_offers_product`);
    await q.query(`
      ALTER TABLE crm_lead_offers DROP CONSTRAINT crm_lead_offers_price,
        DROP COLUMN price_minor, DROP COLUMN currency, DROP COLUMN product_id, DROP COLUMN order_id,
        DROP COLUMN order_line_id, DROP COLUMN refund_id, DROP COLUMN buyer_had_contact, DROP COLUMN dispute_kind`);
    await q.query(
      `ALTER TABLE crm_lead_offers ADD CONSTRAINT crm_lead_offers_price_credits_check CHECK (price_credits > 0)`,
    );
  }
}
