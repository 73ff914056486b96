import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discount codes: percentage or fixed, for the whole shop, one product or one category, inside a window, with a
 * limit per code and per customer, optionally owned by an affiliate (whose referral code the order then carries).
 * A redemption is held while its order waits for payment (it counts against the limits), used once paid, and
 * released when the order is cancelled or expires. Orders keep the code and the discount; each line keeps its share
 * of the discount, and its `total_minor` is what the buyer paid for it (commissions and refunds read that).
 */
export class DiscountCodes1765800000000 implements MigrationInterface {
  name = 'DiscountCodes1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE discount_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code varchar(32) NOT NULL CHECK (code = upper(code) AND code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
        description varchar(160) NOT NULL DEFAULT '',
        kind varchar(8) NOT NULL CHECK (kind IN ('percent', 'fixed')),
        percent_off integer CHECK (percent_off BETWEEN 1 AND 100),
        amount_off_minor bigint CHECK (amount_off_minor > 0),
        currency char(3),
        product_id uuid REFERENCES products(id) ON DELETE RESTRICT,
        category varchar(40),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz,
        max_uses integer CHECK (max_uses > 0),
        max_uses_per_customer integer NOT NULL DEFAULT 1 CHECK (max_uses_per_customer > 0),
        -- Held and used redemptions, kept with them in the same transactions: limits never count a popular code's rows.
        live_uses integer NOT NULL DEFAULT 0 CHECK (live_uses >= 0),
        affiliate_code varchar(40),
        active boolean NOT NULL DEFAULT true,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'percent') = (percent_off IS NOT NULL)),
        CHECK ((kind = 'fixed') = (amount_off_minor IS NOT NULL AND currency IS NOT NULL)),
        CHECK (product_id IS NULL OR category IS NULL),
        CHECK (ends_at IS NULL OR ends_at > starts_at)
      )`);
    await q.query(`CREATE UNIQUE INDEX discount_codes_code ON discount_codes (code)`);
    await q.query(`CREATE INDEX discount_codes_newest ON discount_codes (created_at DESC, id DESC)`);
    await q.query(
      `CREATE INDEX discount_codes_affiliate ON discount_codes (affiliate_code) WHERE affiliate_code IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE discount_redemptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code_id uuid NOT NULL REFERENCES discount_codes(id) ON DELETE RESTRICT,
        order_id uuid NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
        currency char(3) NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'used', 'released')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A customer's own uses of a code, and the orders still waiting for payment (few: they expire in a day).
    await q.query(
      `CREATE INDEX discount_redemptions_live ON discount_redemptions (code_id, user_id) WHERE status <> 'released'`,
    );
    await q.query(`CREATE INDEX discount_redemptions_held ON discount_redemptions (code_id) WHERE status = 'held'`);
    await q.query(`CREATE INDEX discount_redemptions_newest ON discount_redemptions (created_at DESC, id DESC)`);
    await q.query(
      `ALTER TABLE carts ADD COLUMN discount_code_id uuid REFERENCES discount_codes(id) ON DELETE SET NULL`,
    );
    await q.query(
      `ALTER TABLE orders ADD COLUMN discount_code varchar(32), ADD COLUMN discount_minor bigint NOT NULL DEFAULT 0`,
    );
    await q.query(
      `ALTER TABLE orders ADD CONSTRAINT orders_discount_check CHECK (discount_minor >= 0 AND discount_minor <= subtotal_minor)`,
    );
    await q.query(
      `ALTER TABLE order_lines ADD COLUMN discount_minor bigint NOT NULL DEFAULT 0 CHECK (discount_minor >= 0)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_lines DROP COLUMN discount_minor`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_discount_check`);
    await q.query(`ALTER TABLE orders DROP COLUMN discount_code, DROP COLUMN discount_minor`);
    await q.query(`ALTER TABLE carts DROP COLUMN discount_code_id`);
    await q.query(`DROP TABLE discount_redemptions`);
    await q.query(`DROP TABLE discount_codes`);
  }
}
