import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { StickerPackJson } from '../../contracts/admin-content';
import { returningRows, RowOfJson } from '../../database/raw-rows';

/** A pack's own columns: its JSON without the stickers and the viewer's `usable`. */
export type PackRow = RowOfJson<Omit<StickerPackJson, 'stickers' | 'usable'>, 'created_at'>;

export interface StickerRow {
  id: string;
  pack_id: string;
  name: string;
  image_key: string;
  thumb_key: string;
  width: number;
  height: number;
}

/** A sticker someone wants to use, with what decides whether they may. */
export interface StickerPick {
  id: string;
  pack_name: string;
  price_minor: number;
  owned: boolean;
}

export type PackWrite = Partial<Pick<PackRow, 'name' | 'description' | 'enabled' | 'price_minor' | 'currency'>>;

const PACK = 'id, name, description, enabled, price_minor, currency, created_at';
const STICKER = 'id, pack_id, name, image_key, thumb_key, width, height';

/** Sticker packs and their stickers (sticker_packs, stickers). */
@Injectable()
export class StickersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async packs(enabledOnly: boolean, offset: number, limit: number): Promise<[PackRow[], number]> {
    const where = enabledOnly ? 'WHERE enabled' : '';
    const rows = await this.db.query<PackRow[]>(
      `SELECT ${PACK} FROM sticker_packs ${where} ORDER BY created_at DESC, id OFFSET $1 LIMIT $2`,
      [offset, limit],
    );
    const [{ n }] = await this.db.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM sticker_packs ${where}`);
    return [rows, Number(n)];
  }

  /** Every sticker of the packs, in one query. */
  stickersOf(packIds: string[]): Promise<StickerRow[]> {
    if (!packIds.length) return Promise.resolve([]);
    return this.db.query(`SELECT ${STICKER} FROM stickers WHERE pack_id = ANY($1) ORDER BY created_at, id`, [packIds]);
  }

  async pack(id: string, m: EntityManager = this.db.manager): Promise<PackRow | null> {
    const [row] = await m.query<PackRow[]>(`SELECT ${PACK} FROM sticker_packs WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** The sticker when its pack is enabled (what people may send), with its pack's name and price; else null. */
  async enabledSticker(id: string): Promise<(StickerRow & { pack_name: string; pack_price_minor: number }) | null> {
    const [row] = await this.db.query<Array<StickerRow & { pack_name: string; pack_price_minor: number }>>(
      `SELECT s.id, s.pack_id, s.name, s.image_key, s.thumb_key, s.width, s.height,
              p.name AS pack_name, p.price_minor AS pack_price_minor
       FROM stickers s JOIN sticker_packs p ON p.id = s.pack_id WHERE s.id = $1 AND p.enabled`,
      [id],
    );
    return row ?? null;
  }

  /** Which of these packs the user owns. */
  async ownedOf(userId: string, packIds: string[]): Promise<Set<string>> {
    if (!packIds.length) return new Set();
    const rows = await this.db.query<Array<{ pack_id: string }>>(
      `SELECT pack_id FROM sticker_pack_owners WHERE user_id = $1 AND pack_id = ANY($2::uuid[])`,
      [userId, packIds],
    );
    return new Set(rows.map((r) => r.pack_id));
  }

  async owns(userId: string, packId: string): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM sticker_pack_owners WHERE user_id = $1 AND pack_id = $2`, [
      userId,
      packId,
    ]);
    return rows.length > 0;
  }

  /** Makes the users owners of the packs (a repeat is a no-op: one row per user and pack). */
  async grantOwners(owners: Array<{ userId: string; packId: string; orderId: string | null }>): Promise<void> {
    if (!owners.length) return;
    await this.db.query(
      `INSERT INTO sticker_pack_owners (user_id, pack_id, order_id)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) ON CONFLICT (user_id, pack_id) DO NOTHING`,
      [owners.map((o) => o.userId), owners.map((o) => o.packId), owners.map((o) => o.orderId)],
    );
  }

  /** Notes that a commerce product sells the pack at this price (a repeat is a no-op). */
  async linkProduct(productId: string, pack: Pick<PackRow, 'id' | 'price_minor' | 'currency'>): Promise<void> {
    await this.db.query(
      `INSERT INTO sticker_pack_products (product_id, pack_id, price_minor, currency) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [productId, pack.id, pack.price_minor, pack.currency],
    );
  }

  /** The packs these commerce products sell. */
  async packsOfProducts(productIds: string[]): Promise<Array<{ product_id: string; pack_id: string }>> {
    if (!productIds.length) return [];
    return this.db.query(`SELECT product_id, pack_id FROM sticker_pack_products WHERE product_id = ANY($1::uuid[])`, [
      productIds,
    ]);
  }

  /**
   * The stickers the user pinned on their profile, in their order, leaving out those they may no longer wear (pack
   * disabled, or paid and not owned).
   */
  profileStickers(userId: string): Promise<StickerRow[]> {
    return this.db.query(
      `SELECT s.id, s.pack_id, s.name, s.image_key, s.thumb_key, s.width, s.height
       FROM profile_stickers ps JOIN stickers s ON s.id = ps.sticker_id JOIN sticker_packs p ON p.id = s.pack_id
       WHERE ps.user_id = $1 AND p.enabled AND (p.price_minor = 0 OR EXISTS (
         SELECT 1 FROM sticker_pack_owners o WHERE o.user_id = ps.user_id AND o.pack_id = p.id))
       ORDER BY ps.position`,
      [userId],
    );
  }

  /** These stickers (when their pack is enabled) with their pack's name, price and whether the user owns it. */
  stickersForUser(userId: string, ids: string[]): Promise<Array<StickerPick>> {
    return this.db.query(
      `SELECT s.id, p.name AS pack_name, p.price_minor::int AS price_minor,
              EXISTS (SELECT 1 FROM sticker_pack_owners o WHERE o.user_id = $1 AND o.pack_id = p.id) AS owned
       FROM stickers s JOIN sticker_packs p ON p.id = s.pack_id WHERE s.id = ANY($2::uuid[]) AND p.enabled`,
      [userId, ids],
    );
  }

  /** Replaces the user's pinned stickers with these, in this order. */
  async replacePins(userId: string, stickerIds: string[], m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM profile_stickers WHERE user_id = $1`, [userId]);
    if (!stickerIds.length) return;
    await m.query(
      `INSERT INTO profile_stickers (user_id, sticker_id, position)
       SELECT $1, s.id, s.n - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS s(id, n)`,
      [userId, stickerIds],
    );
  }

  /**
   * Takes back the packs one order gave the user (ownership rows that order granted) and unpins their stickers from
   * the user's profile. Repeating it changes nothing.
   */
  async revokeFromOrder(userId: string, packIds: string[], orderId: string): Promise<number> {
    if (!packIds.length) return 0;
    return this.db.transaction(async (m) => {
      const revoked = returningRows<{ pack_id: string }>(
        await m.query(
          `DELETE FROM sticker_pack_owners WHERE user_id = $1 AND pack_id = ANY($2::uuid[]) AND order_id = $3
           RETURNING pack_id`,
          [userId, packIds, orderId],
        ),
      );
      if (!revoked.length) return 0;
      await m.query(
        `DELETE FROM profile_stickers ps USING stickers s
         WHERE ps.user_id = $1 AND s.id = ps.sticker_id AND s.pack_id = ANY($2::uuid[])`,
        [userId, revoked.map((r) => r.pack_id)],
      );
      return revoked.length;
    });
  }

  async sticker(id: string, m: EntityManager = this.db.manager): Promise<StickerRow | null> {
    const [row] = await m.query<StickerRow[]>(`SELECT ${STICKER} FROM stickers WHERE id = $1`, [id]);
    return row ?? null;
  }

  async insertPack(w: PackWrite, m: EntityManager): Promise<PackRow> {
    const [row] = returningRows<PackRow>(
      await m.query(
        `INSERT INTO sticker_packs (name, description, enabled, price_minor, currency)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${PACK}`,
        [w.name, w.description ?? null, w.enabled ?? true, w.price_minor ?? 0, w.currency ?? 'USD'],
      ),
    );
    return row;
  }

  async updatePack(id: string, w: PackWrite, m: EntityManager): Promise<PackRow> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [column, value] of Object.entries(w)) {
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    }
    if (!sets.length) return (await this.pack(id, m))!;
    const [row] = returningRows<PackRow>(
      await m.query(`UPDATE sticker_packs SET ${sets.join(', ')} WHERE id = $1 RETURNING ${PACK}`, params),
    );
    return row;
  }

  async insertSticker(s: Omit<StickerRow, 'id'>, m: EntityManager): Promise<StickerRow> {
    const [row] = returningRows<StickerRow>(
      await m.query(
        `INSERT INTO stickers (pack_id, name, image_key, thumb_key, width, height)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${STICKER}`,
        [s.pack_id, s.name, s.image_key, s.thumb_key, s.width, s.height],
      ),
    );
    return row;
  }

  async deleteSticker(id: string, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM stickers WHERE id = $1`, [id]);
  }
}
