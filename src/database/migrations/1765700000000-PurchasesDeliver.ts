import { MigrationInterface, QueryRunner } from 'typeorm';

/** The twelve styles of the Scandinavian style pack (themes in the designer's catalogue, locked until bought). */
const SCANDINAVIAN_PACK = [
  ['Hygge', 'layered wool throws, candlelight and warm oak, a room made for slow evenings'],
  ['Lagom', 'just enough: a few well-made pieces in pale birch, nothing in excess'],
  ['Danish modern', 'teak and walnut furniture with tapered legs, clean lines and a single sculptural lamp'],
  ['Swedish Gustavian', 'painted grey-blue wood, soft white linen and gentle classical curves'],
  ['Norwegian cabin', 'knotted pine walls, a wood stove and sheepskins on simple benches'],
  ['Finnish sauna calm', 'smooth aspen and alder surfaces, steam-soft light and a quiet, spare layout'],
  ['Copenhagen loft', 'whitewashed brick, high windows, a long oak table and designer pendant lights'],
  ['Stockholm apartment', 'herringbone floors, tall white walls, slim black frames and a reading nook'],
  ['Scandi coastal', 'sea-washed greys, driftwood tones, rope details and wide open light'],
  ['Scandi farmhouse', 'limewashed walls, a scrubbed farmhouse table and stoneware on open shelves'],
  ['Nordic noir', 'deep charcoal walls, black ash furniture and pools of warm lamplight'],
  ['Arctic light', 'snow-white surfaces, pale ice blues and pared-back birch for the brightest room'],
] as const;

/**
 * Purchases that deliver what they say.
 * - Two product kinds: `listing_boost` (a variant's `boost_days`; the cart line names the buyer's listing in
 *   `property_id`) and `style_pack` (the product's `style_pack` names the designer styles it unlocks).
 * - A cart may hold the same boost for two listings: the line key becomes (cart, variant, property).
 * - `listing_boosts`: one per paid boost line; market search ranks an active one first as "Sponsored".
 * - `refunds.source_ref`: an automatic refund names its cause (the boost it repays), so the cause refunds once.
 * - `design_assets.pack`: a theme in a style pack; the designer offers it to holders of the pack only.
 */
export class PurchasesDeliver1765700000000 implements MigrationInterface {
  name = 'PurchasesDeliver1765700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products DROP CONSTRAINT IF EXISTS products_kind_check`);
    await q.query(`
      ALTER TABLE products ADD CONSTRAINT products_kind_check
        CHECK (kind IN ('credit_pack', 'digital', 'physical', 'service', 'listing_boost', 'style_pack'))`);
    await q.query(`ALTER TABLE products ADD COLUMN style_pack varchar(40)`);
    await q.query(
      `ALTER TABLE products ADD CONSTRAINT products_style_pack_check CHECK ((kind = 'style_pack') = (style_pack IS NOT NULL))`,
    );
    await q.query(`ALTER TABLE product_variants ADD COLUMN boost_days integer CHECK (boost_days BETWEEN 1 AND 365)`);
    await q.query(`
      ALTER TABLE cart_items
        ADD COLUMN property_id uuid REFERENCES properties(id) ON DELETE CASCADE,
        DROP CONSTRAINT IF EXISTS cart_items_cart_id_variant_id_key,
        ADD CONSTRAINT cart_items_line_key UNIQUE NULLS NOT DISTINCT (cart_id, variant_id, property_id)`);
    await q.query(`
      ALTER TABLE order_lines
        ADD COLUMN property_id uuid REFERENCES properties(id) ON DELETE SET NULL,
        ADD COLUMN boost_days integer`);
    await q.query(`
      CREATE TABLE listing_boosts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid REFERENCES properties(id) ON DELETE SET NULL,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        order_number varchar(20) NOT NULL,
        order_line_id uuid NOT NULL UNIQUE REFERENCES order_lines(id) ON DELETE CASCADE,
        paid_minor bigint NOT NULL CHECK (paid_minor >= 0),
        currency varchar(10) NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        ended_at timestamptz,
        end_reason varchar(12) CHECK (end_reason IN ('expired', 'unpublished', 'refunded')),
        refund_minor bigint CHECK (refund_minor >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at > starts_at),
        CHECK ((ended_at IS NULL) = (end_reason IS NULL))
      )`);
    // Search reads the running boosts (few, by time); the owner's list and a listing's queue by their keys.
    await q.query(
      `CREATE INDEX listing_boosts_running_idx ON listing_boosts (ends_at, property_id) WHERE ended_at IS NULL`,
    );
    await q.query(`CREATE INDEX listing_boosts_property_idx ON listing_boosts (property_id, ends_at DESC)`);
    await q.query(`CREATE INDEX listing_boosts_user_idx ON listing_boosts (user_id, created_at DESC, id)`);
    await q.query(`ALTER TABLE refunds ADD COLUMN source_ref varchar(80)`);
    await q.query(`CREATE UNIQUE INDEX refunds_source_ref_key ON refunds (source_ref) WHERE status <> 'failed'`);
    // The demo catalogue's boost and style pack were sold as plain services that delivered nothing: they become
    // the kinds that deliver (a database seeded before this keeps its products, so they are fixed here).
    await q.query(
      `UPDATE products SET kind = 'style_pack', style_pack = 'scandinavian' WHERE slug = 'scandi-style-pack'`,
    );
    await q.query(`UPDATE products SET kind = 'listing_boost' WHERE slug = 'listing-boost-7-days'`);
    await q.query(`UPDATE product_variants SET boost_days = 7 WHERE sku = 'BOOST-7'`);
    await q.query(`UPDATE product_variants SET boost_days = 30 WHERE sku = 'BOOST-30'`);
    await q.query(`ALTER TABLE design_assets ADD COLUMN pack varchar(40)`);
    const start = 100;
    await q.query(
      `INSERT INTO design_assets (category, name, prompt_fragment, pack, position)
       SELECT 'theme', t.name, t.fragment, 'scandinavian', $1 + t.ord
         FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(name, fragment, ord)
       ON CONFLICT DO NOTHING`,
      [start, SCANDINAVIAN_PACK.map((s) => s[0]), SCANDINAVIAN_PACK.map((s) => s[1])],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM design_assets WHERE pack IS NOT NULL`);
    await q.query(`ALTER TABLE design_assets DROP COLUMN pack`);
    await q.query(`DROP INDEX refunds_source_ref_key`);
    await q.query(`ALTER TABLE refunds DROP COLUMN source_ref`);
    await q.query(`DROP TABLE listing_boosts`);
    await q.query(`ALTER TABLE order_lines DROP COLUMN property_id, DROP COLUMN boost_days`);
    await q.query(`DELETE FROM cart_items WHERE property_id IS NOT NULL`);
    await q.query(`
      ALTER TABLE cart_items DROP CONSTRAINT cart_items_line_key, DROP COLUMN property_id,
        ADD CONSTRAINT cart_items_cart_id_variant_id_key UNIQUE (cart_id, variant_id)`);
    await q.query(`ALTER TABLE product_variants DROP COLUMN boost_days`);
    await q.query(`ALTER TABLE products DROP CONSTRAINT products_style_pack_check, DROP COLUMN style_pack`);
    await q.query(`ALTER TABLE products DROP CONSTRAINT products_kind_check`);
    await q.query(
      `ALTER TABLE products ADD CONSTRAINT products_kind_check CHECK (kind IN ('credit_pack', 'digital', 'physical', 'service'))`,
    );
  }
}
