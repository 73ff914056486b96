import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settled money sales of leads are paid through the affiliate payouts: `crm_seller_ledger` gains the kind
 * `transfer` (the negative row that moves a settled sale's net earning to the seller's payout balance, once per
 * sale by the existing unique (sale_id, kind)), and `affiliate_ledger` gains `source_ref`, unique when set, naming
 * the outside record a credit comes from (`crm-sale:<id>`), so a credit from another area lands at most once.
 */
export class CrmSellerPayouts1765580000000 implements MigrationInterface {
  name = 'CrmSellerPayouts1765580000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE crm_seller_ledger DROP CONSTRAINT crm_seller_ledger_kind_check`);
    await q.query(`
      ALTER TABLE crm_seller_ledger ADD CONSTRAINT crm_seller_ledger_kind_check
        CHECK (kind IN ('earning','reversal','transfer'))`);
    await q.query(`ALTER TABLE affiliate_ledger ADD COLUMN source_ref varchar(80)`);
    await q.query(
      `CREATE UNIQUE INDEX affiliate_ledger_source_ref ON affiliate_ledger (source_ref) WHERE source_ref IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS affiliate_ledger_source_ref`);
    await q.query(`ALTER TABLE affiliate_ledger DROP COLUMN IF EXISTS source_ref`);
    await q.query(`ALTER TABLE crm_seller_ledger DROP CONSTRAINT crm_seller_ledger_kind_check`);
    await q.query(`
      ALTER TABLE crm_seller_ledger ADD CONSTRAINT crm_seller_ledger_kind_check
        CHECK (kind IN ('earning','reversal'))`);
  }
}
