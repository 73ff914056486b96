import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paid sticker packs sold through commerce: each priced pack has a commerce product per price it was sold at
 * (sticker_pack_products), and a paid order makes the buyer an owner of the pack (sticker_pack_owners, one row per
 * user and pack, so a repeated order.paid event is a no-op).
 */
export class StickerPackOwners1765320200000 implements MigrationInterface {
  name = 'StickerPackOwners1765320200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sticker_pack_products (
        product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
        pack_id uuid NOT NULL REFERENCES sticker_packs (id) ON DELETE CASCADE,
        price_minor bigint NOT NULL,
        currency char(3) NOT NULL,
        UNIQUE (pack_id, price_minor, currency)
      )`);
    await q.query(`
      CREATE TABLE sticker_pack_owners (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        pack_id uuid NOT NULL REFERENCES sticker_packs (id) ON DELETE CASCADE,
        order_id uuid,
        acquired_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, pack_id)
      )`);
    await q.query(`CREATE INDEX sticker_pack_owners_pack ON sticker_pack_owners (pack_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS sticker_pack_owners`);
    await q.query(`DROP TABLE IF EXISTS sticker_pack_products`);
  }
}
