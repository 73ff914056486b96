import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a refund puts the units of the lines it completes back in stock: true when nothing was delivered (a
 * duplicate payment for a lead offer with no copy left, an order an admin cancels before shipping).
 */
export class RefundRestock1765545000000 implements MigrationInterface {
  name = 'RefundRestock1765545000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refunds ADD COLUMN restock boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refunds DROP COLUMN restock`);
  }
}
