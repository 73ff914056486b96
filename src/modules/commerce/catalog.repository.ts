import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Department, Product, ProductKind } from '../../contracts/commerce';

export type Db = DataSource | EntityManager;

/** A product as stored: the contract's descriptive fields, and storage keys and rules the mapper turns into JSON. */
export interface ProductRow extends Pick<
  Product,
  'id' | 'slug' | 'title' | 'summary' | 'description' | 'department' | 'category' | 'kind'
> {
  seller_id: string | null;
  seller_name: string | null;
  image_key: string | null;
  asset_key: string | null;
  download_limit: number;
  credit_amount: number | null;
  credit_validity_days: number | null;
  style_pack: string | null;
}

export interface VariantRow {
  id: string;
  product_id: string;
  sku: string;
  name: string;
  price_minor: string;
  currency: string;
  stock: number | null;
  boost_days: number | null;
}

export interface CartItemRow extends VariantRow {
  item_id: string;
  quantity: number;
  unit_price_minor: string;
  product_slug: string;
  product_title: string;
  kind: ProductKind;
  category: string;
  image_key: string | null;
  variant_active: boolean;
  product_active: boolean;
  style_pack: string | null;
  /** The listing a boost line is for. */
  property_id: string | null;
}

/** A cart line: a variant, and for a listing boost the listing it is for. */
export interface CartLineKey {
  variantId: string;
  propertyId: string | null;
}

export interface CartRow {
  id: string;
  user_id: string | null;
  guest_token: string | null;
  open_order_id: string | null;
  /** The one discount code the cart holds. */
  discount_code_id: string | null;
}

/** A product to create or update: the contract's descriptive fields plus what only the seller's side sets. */
export interface ProductDefinition extends Pick<
  Product,
  'slug' | 'title' | 'summary' | 'description' | 'department' | 'category' | 'kind'
> {
  assetKey?: string;
  downloadLimit?: number;
  creditAmount?: number;
  creditValidityDays?: number;
  stylePack?: string;
  variants: Array<{
    sku: string;
    name: string;
    priceMinor: number;
    currency?: string;
    stock?: number | null;
    boostDays?: number;
  }>;
}

export interface ProductSearch {
  q?: string;
  department?: Department;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  limit: number;
  offset: number;
}

const PRODUCT_SELECT = `SELECT p.id, p.slug, p.title, p.summary, p.description, p.department, p.category, p.kind,
       p.seller_id, u.name AS seller_name, p.image_key, p.asset_key, p.download_limit, p.credit_amount,
       p.credit_validity_days, p.style_pack
  FROM products p LEFT JOIN users u ON u.id = p.seller_id`;

/** The only SQL for the catalogue and carts. */
@Injectable()
export class CatalogRepository {
  constructor(@InjectDataSource() readonly db: DataSource) {}

  async searchProducts(s: ProductSearch): Promise<{ rows: ProductRow[]; total: number }> {
    const where = ['p.active'];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (s.q) add(`p.search @@ plainto_tsquery('simple', ?)`, s.q);
    if (s.department) add('p.department = ?', s.department);
    if (s.category) add('p.category = ?', s.category);
    // A product matches a price range when one of its active variants does.
    if (s.minPrice !== undefined)
      add(
        'EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.active AND v.price_minor >= ?)',
        s.minPrice,
      );
    if (s.maxPrice !== undefined)
      add(
        'EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.active AND v.price_minor <= ?)',
        s.maxPrice,
      );
    const filter = where.join(' AND ');
    const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM products p WHERE ${filter}`, params);
    const rows: ProductRow[] = await this.db.query(
      `${PRODUCT_SELECT} WHERE ${filter} ORDER BY p.created_at DESC, p.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, s.limit, s.offset],
    );
    return { rows, total };
  }

  async productBySlug(slug: string): Promise<ProductRow | null> {
    const rows: ProductRow[] = await this.db.query(`${PRODUCT_SELECT} WHERE p.slug = $1 AND p.active`, [slug]);
    return rows[0] ?? null;
  }

  async variantsOf(productIds: string[]): Promise<VariantRow[]> {
    if (!productIds.length) return [];
    return this.db.query(
      `SELECT id, product_id, sku, name, price_minor, currency, stock, boost_days FROM product_variants
        WHERE product_id = ANY($1) AND active ORDER BY position, price_minor`,
      [productIds],
    );
  }

  async variant(
    variantId: string,
  ): Promise<(VariantRow & { kind: ProductKind; title: string; style_pack: string | null }) | null> {
    const rows = await this.db.query(
      `SELECT v.id, v.product_id, v.sku, v.name, v.price_minor, v.currency, v.stock, v.boost_days, p.kind, p.title,
              p.style_pack
         FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.id = $1 AND v.active AND p.active`,
      [variantId],
    );
    return rows[0] ?? null;
  }

  /** Active style-pack products with their cheapest active variant. */
  async stylePackProducts(): Promise<
    Array<{ style_pack: string; title: string; slug: string; price_minor: string; currency: string }>
  > {
    return this.db.query(
      `SELECT DISTINCT ON (p.style_pack) p.style_pack, p.title, p.slug, v.price_minor, v.currency
         FROM products p JOIN product_variants v ON v.product_id = p.id AND v.active
        WHERE p.active AND p.style_pack IS NOT NULL
        ORDER BY p.style_pack, v.price_minor, p.id`,
    );
  }

  async stockOf(variantId: string, m: Db = this.db): Promise<number> {
    const [row] = await m.query(`SELECT stock FROM product_variants WHERE id = $1`, [variantId]);
    return row?.stock ?? 0;
  }

  /** Creates a product with its variants unless one with the slug exists (seeds, imports); answers its id. */
  async ensureProduct(p: ProductDefinition): Promise<string> {
    return this.db.transaction(async (m) => {
      const [existing] = await m.query(`SELECT id FROM products WHERE slug = $1`, [p.slug]);
      if (existing) return existing.id as string;
      const [row] = await m.query(
        `INSERT INTO products (slug, title, summary, description, department, category, kind, asset_key, download_limit,
                               credit_amount, credit_validity_days, style_pack)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          p.slug,
          p.title,
          p.summary,
          p.description,
          p.department,
          p.category,
          p.kind,
          p.assetKey ?? null,
          p.downloadLimit ?? 5,
          p.creditAmount ?? null,
          p.creditValidityDays ?? null,
          p.stylePack ?? null,
        ],
      );
      for (const [i, v] of p.variants.entries())
        await m.query(
          `INSERT INTO product_variants (product_id, sku, name, price_minor, currency, stock, position, boost_days)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [row.id, v.sku, v.name, v.priceMinor, v.currency ?? 'USD', v.stock ?? null, i, v.boostDays ?? null],
        );
      return row.id as string;
    });
  }

  // ---- carts ----

  async cartFor(owner: { userId?: string; token?: string }, m: Db = this.db, lock = false): Promise<CartRow | null> {
    const column = owner.userId ? 'user_id' : 'guest_token';
    const value = owner.userId ?? owner.token;
    if (!value) return null;
    const rows: CartRow[] = await m.query(
      `SELECT id, user_id, guest_token, open_order_id, discount_code_id FROM carts WHERE ${column} = $1${lock ? ' FOR UPDATE' : ''}`,
      [value],
    );
    return rows[0] ?? null;
  }

  async createCart(owner: { userId?: string; token?: string }, m: Db = this.db): Promise<CartRow> {
    const rows: CartRow[] = await m.query(
      `INSERT INTO carts (user_id, guest_token) VALUES ($1, $2)
       ON CONFLICT ${owner.userId ? '(user_id)' : '(guest_token)'} DO UPDATE SET updated_at = now()
       RETURNING id, user_id, guest_token, open_order_id, discount_code_id`,
      [owner.userId ?? null, owner.userId ? null : owner.token],
    );
    return rows[0];
  }

  async items(cartId: string, m: Db = this.db): Promise<CartItemRow[]> {
    return m.query(
      `SELECT i.id AS item_id, i.quantity, i.unit_price_minor, i.property_id, v.id, v.product_id, v.sku, v.name,
              v.price_minor, v.currency, v.stock, v.boost_days, v.active AS variant_active, p.slug AS product_slug,
              p.title AS product_title, p.kind, p.category, p.image_key, p.active AS product_active, p.style_pack
         FROM cart_items i JOIN product_variants v ON v.id = i.variant_id JOIN products p ON p.id = v.product_id
        WHERE i.cart_id = $1 ORDER BY i.created_at, i.id`,
      [cartId],
    );
  }

  async addItem(cartId: string, line: CartLineKey, quantity: number, priceMinor: number, m: Db = this.db) {
    await m.query(
      `INSERT INTO cart_items (cart_id, variant_id, property_id, quantity, unit_price_minor) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (cart_id, variant_id, property_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity,
         unit_price_minor = EXCLUDED.unit_price_minor`,
      [cartId, line.variantId, line.propertyId, quantity, priceMinor],
    );
    await this.touch(cartId, m);
  }

  async item(
    cartId: string,
    itemId: string,
  ): Promise<{ variant_id: string; quantity: number; property_id: string | null } | null> {
    const rows = await this.db.query(
      `SELECT variant_id, quantity, property_id FROM cart_items WHERE id = $1 AND cart_id = $2`,
      [itemId, cartId],
    );
    return rows[0] ?? null;
  }

  async setQuantity(cartId: string, itemId: string, quantity: number, priceMinor: number): Promise<void> {
    await this.db.query(`UPDATE cart_items SET quantity = $3, unit_price_minor = $4 WHERE id = $1 AND cart_id = $2`, [
      itemId,
      cartId,
      quantity,
      priceMinor,
    ]);
    await this.touch(cartId);
  }

  /** Records the price the buyer has now seen (after a "price changed" answer). */
  async repriceItem(itemId: string, priceMinor: number, m: Db = this.db): Promise<void> {
    await m.query(`UPDATE cart_items SET unit_price_minor = $2 WHERE id = $1`, [itemId, priceMinor]);
  }

  async removeItem(cartId: string, itemId: string): Promise<void> {
    await this.db.query(`DELETE FROM cart_items WHERE id = $1 AND cart_id = $2`, [itemId, cartId]);
    await this.touch(cartId);
  }

  /** Moves a guest cart's items into the user's cart (quantities add up), then drops the guest cart. */
  async mergeInto(fromCartId: string, toCartId: string, m: Db): Promise<void> {
    await m.query(
      `INSERT INTO cart_items (cart_id, variant_id, property_id, quantity, unit_price_minor)
       SELECT $2, variant_id, property_id, quantity, unit_price_minor FROM cart_items WHERE cart_id = $1
       ON CONFLICT (cart_id, variant_id, property_id) DO UPDATE SET quantity = cart_items.quantity + EXCLUDED.quantity`,
      [fromCartId, toCartId],
    );
    // The guest's code comes along unless the user's cart holds one already (one code per order).
    await m.query(
      `UPDATE carts SET discount_code_id = COALESCE(carts.discount_code_id, g.discount_code_id)
         FROM carts g WHERE g.id = $1 AND carts.id = $2`,
      [fromCartId, toCartId],
    );
    await m.query(`DELETE FROM carts WHERE id = $1`, [fromCartId]);
    await this.touch(toCartId, m);
  }

  async adoptGuestCart(cartId: string, userId: string, m: Db): Promise<void> {
    await m.query(`UPDATE carts SET user_id = $2, guest_token = NULL, updated_at = now() WHERE id = $1`, [
      cartId,
      userId,
    ]);
  }

  async setOpenOrderIf(cartId: string, currentOrderId: string, next: string | null, m: Db): Promise<void> {
    await m.query(`UPDATE carts SET open_order_id = $3 WHERE id = $1 AND open_order_id = $2`, [
      cartId,
      currentOrderId,
      next,
    ]);
  }

  async setOpenOrder(cartId: string, orderId: string | null, m: Db): Promise<void> {
    await m.query(`UPDATE carts SET open_order_id = $2 WHERE id = $1`, [cartId, orderId]);
  }

  /** Takes an order's paid lines out of the cart it came from (items added since stay). */
  async removeOrderedItems(cartId: string, orderId: string, m: Db): Promise<void> {
    await m.query(
      `DELETE FROM cart_items ci USING order_lines ol
        WHERE ci.cart_id = $1 AND ol.order_id = $2 AND ol.variant_id = ci.variant_id
          AND ol.property_id IS NOT DISTINCT FROM ci.property_id AND ci.quantity <= ol.quantity`,
      [cartId, orderId],
    );
    await m.query(
      `UPDATE cart_items ci SET quantity = ci.quantity - ol.quantity FROM order_lines ol
        WHERE ci.cart_id = $1 AND ol.order_id = $2 AND ol.variant_id = ci.variant_id
          AND ol.property_id IS NOT DISTINCT FROM ci.property_id`,
      [cartId, orderId],
    );
    // The code went with the paid order (one per order): the next order starts without one.
    await m.query(
      `UPDATE carts SET open_order_id = NULL, discount_code_id = NULL WHERE id = $1 AND open_order_id = $2`,
      [cartId, orderId],
    );
  }

  private async touch(cartId: string, m: Db = this.db): Promise<void> {
    await m.query(`UPDATE carts SET updated_at = now() WHERE id = $1`, [cartId]);
  }
}
