import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bank transfer is paid when the bank confirms it, not when the export is made: the manual driver's transfers wait
 * in `awaiting_bank` (money still in transit) until an admin confirms receipt or records the bank's return.
 * Batches count them in `awaiting`.
 */
export class BankTransferConfirmation1765700100000 implements MigrationInterface {
  name = 'BankTransferConfirmation1765700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE affiliate_payouts DROP CONSTRAINT IF EXISTS affiliate_payouts_status_check`);
    await q.query(`ALTER TABLE affiliate_payouts ALTER COLUMN status TYPE varchar(16)`);
    await q.query(`
      ALTER TABLE affiliate_payouts ADD CONSTRAINT affiliate_payouts_status_check
        CHECK (status IN ('queued', 'awaiting_bank', 'sent', 'failed'))`);
    await q.query(`ALTER TABLE affiliate_payout_batches ADD COLUMN awaiting integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE affiliate_payouts SET status = 'sent' WHERE status = 'awaiting_bank'`);
    await q.query(`ALTER TABLE affiliate_payout_batches DROP COLUMN awaiting`);
    await q.query(`ALTER TABLE affiliate_payouts DROP CONSTRAINT affiliate_payouts_status_check`);
    await q.query(`ALTER TABLE affiliate_payouts ALTER COLUMN status TYPE varchar(8)`);
    await q.query(
      `ALTER TABLE affiliate_payouts ADD CONSTRAINT affiliate_payouts_status_check CHECK (status IN ('queued','sent','failed'))`,
    );
  }
}
