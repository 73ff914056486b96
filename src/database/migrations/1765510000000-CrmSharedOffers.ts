import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shared lead offers: an offer sells to at most `max_buyers` books (1 = exclusive), each sale its own row in
 * `crm_lead_sales` (buyer, the copy of the contact in the buyer's book, payment, dispute window, refund); a book buys
 * an offer once (unique key). The sale columns move off `crm_lead_offers` (existing sales become sale rows), and the
 * offer is `sold` once its last copy is sold. `crm_seller_ledger` is the append-only ledger of what a money sale owes
 * its seller (price minus the platform fee) and of its reversal on refund: a trigger refuses UPDATE and DELETE.
 */
export class CrmSharedOffers1765510000000 implements MigrationInterface {
  name = 'CrmSharedOffers1765510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_lead_sales (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        offer_id uuid NOT NULL REFERENCES crm_lead_offers(id) ON DELETE CASCADE,
        buyer_id uuid REFERENCES users(id) ON DELETE SET NULL,
        buyer_team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
        buyer_contact_id uuid REFERENCES crm_contacts(id) ON DELETE SET NULL,
        buyer_had_contact boolean NOT NULL DEFAULT false,
        status varchar(12) NOT NULL DEFAULT 'sold' CHECK (status IN ('sold','disputed','refunded','settled')),
        order_id uuid,
        order_line_id uuid,
        refund_id uuid,
        dispute_kind varchar(16) CHECK (dispute_kind IN ('duplicate','invalid_phone','other')),
        dispute_reason text,
        claimed_at timestamptz NOT NULL,
        dispute_ends_at timestamptz NOT NULL,
        disputed_at timestamptz,
        closed_at timestamptz,
        CONSTRAINT crm_lead_sales_once UNIQUE (offer_id, buyer_team_id)
      )`);
    await q.query(`CREATE INDEX crm_lead_sales_buyer ON crm_lead_sales (buyer_id, claimed_at DESC, id DESC)`);
    await q.query(`
      INSERT INTO crm_lead_sales (offer_id, buyer_id, buyer_team_id, buyer_contact_id, buyer_had_contact, status,
                                  order_id, order_line_id, refund_id, dispute_kind, dispute_reason, claimed_at,
                                  dispute_ends_at, disputed_at, closed_at)
      SELECT o.id, o.buyer_id, c.team_id, o.buyer_contact_id, o.buyer_had_contact, o.status, o.order_id,
             o.order_line_id, o.refund_id, o.dispute_kind, o.dispute_reason, o.claimed_at,
             coalesce(o.dispute_ends_at, o.claimed_at + interval '72 hours'), o.disputed_at, o.closed_at
        FROM crm_lead_offers o JOIN crm_contacts c ON c.id = o.buyer_contact_id
       WHERE o.status <> 'open' AND o.claimed_at IS NOT NULL`);
    await q.query(`
      ALTER TABLE crm_lead_offers
        ADD COLUMN max_buyers integer NOT NULL DEFAULT 1 CHECK (max_buyers BETWEEN 1 AND 25),
        ADD COLUMN sold_count integer NOT NULL DEFAULT 0 CHECK (sold_count >= 0 AND sold_count <= max_buyers)`);
    await q.query(`UPDATE crm_lead_offers SET sold_count = 1, status = 'sold' WHERE status <> 'open'`);
    await q.query(`
      ALTER TABLE crm_lead_offers
        DROP COLUMN buyer_id, DROP COLUMN buyer_contact_id, DROP COLUMN buyer_had_contact, DROP COLUMN claimed_at,
        DROP COLUMN dispute_ends_at, DROP COLUMN dispute_reason, DROP COLUMN disputed_at, DROP COLUMN closed_at,
        DROP COLUMN order_id, DROP COLUMN order_line_id, DROP COLUMN refund_id, DROP COLUMN dispute_kind`);
    await q.query(`
      CREATE TABLE crm_seller_ledger (
        id bigserial PRIMARY KEY,
        seller_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        sale_id uuid NOT NULL REFERENCES crm_lead_sales(id) ON DELETE CASCADE,
        kind varchar(8) NOT NULL CHECK (kind IN ('earning','reversal')),
        gross_minor bigint NOT NULL,
        fee_minor bigint NOT NULL,
        amount_minor bigint NOT NULL,
        currency varchar(3) NOT NULL,
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT crm_seller_ledger_once UNIQUE (sale_id, kind)
      )`);
    await q.query(`CREATE INDEX crm_seller_ledger_seller ON crm_seller_ledger (seller_id, id DESC)`);
    await q.query(`
      CREATE FUNCTION crm_seller_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'crm_seller_ledger is append-only'; END $$`);
    await q.query(`
      CREATE TRIGGER crm_seller_ledger_no_change BEFORE UPDATE OR DELETE ON crm_seller_ledger
        FOR EACH ROW EXECUTE FUNCTION crm_seller_ledger_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS crm_seller_ledger`);
    await q.query(`DROP FUNCTION IF EXISTS crm_seller_ledger_append_only()`);
    await q.query(`
      ALTER TABLE crm_lead_offers
        ADD COLUMN buyer_id uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN buyer_contact_id uuid REFERENCES crm_contacts(id) ON DELETE SET NULL,
        ADD COLUMN buyer_had_contact boolean NOT NULL DEFAULT false,
        ADD COLUMN claimed_at timestamptz, ADD COLUMN dispute_ends_at timestamptz, ADD COLUMN dispute_reason text,
        ADD COLUMN disputed_at timestamptz, ADD COLUMN closed_at timestamptz, ADD COLUMN order_id uuid,
        ADD COLUMN order_line_id uuid, ADD COLUMN refund_id uuid,
        ADD COLUMN dispute_kind varchar(16) CHECK (dispute_kind IN ('duplicate','invalid_phone','other'))`);
    await q.query(`
      UPDATE crm_lead_offers o SET buyer_id = s.buyer_id, buyer_contact_id = s.buyer_contact_id,
             buyer_had_contact = s.buyer_had_contact, status = s.status, claimed_at = s.claimed_at,
             dispute_ends_at = s.dispute_ends_at, dispute_reason = s.dispute_reason, disputed_at = s.disputed_at,
             closed_at = s.closed_at, order_id = s.order_id, order_line_id = s.order_line_id, refund_id = s.refund_id,
             dispute_kind = s.dispute_kind
        FROM (SELECT DISTINCT ON (offer_id) * FROM crm_lead_sales ORDER BY offer_id, claimed_at) s
       WHERE s.offer_id = o.id`);
    await q.query(`CREATE INDEX crm_lead_offers_buyer ON crm_lead_offers (buyer_id, claimed_at DESC, id DESC)`);
    await q.query(`ALTER TABLE crm_lead_offers DROP COLUMN max_buyers, DROP COLUMN sold_count`);
    await q.query(`DROP TABLE IF EXISTS crm_lead_sales`);
  }
}
