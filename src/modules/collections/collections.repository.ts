import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CollectionItem, CollectionRole } from '../../contracts/collections';
import { returningRows } from '../../database/raw-rows';

export interface CollectionRow {
  id: string;
  owner_id: string;
  owner_name: string;
  name: string;
  share_token: string | null;
  items_count: number;
  updated_at: Date;
  /** The asking user's member role, if any. */
  my_role: CollectionRole | null;
}

/** An item with its property's card fields: the contract's `property`, its id read as `property_id`. */
export type ItemRow = Pick<CollectionItem, 'id' | 'added_by'> &
  Omit<CollectionItem['property'], 'id'> & { property_id: string; created_at: Date };

export interface CommentRow {
  id: string;
  item_id: string;
  body: string;
  user_id: string;
  user_name: string;
  created_at: Date;
}

export interface MemberRow {
  id: string;
  name: string;
  handle: string | null;
  role: CollectionRole;
}

const SUMMARY = `
  SELECT c.id, c.owner_id, o.name AS owner_name, c.name, c.share_token, c.updated_at, m.role AS my_role,
         (SELECT count(*)::int FROM collection_items i WHERE i.collection_id = c.id) AS items_count
    FROM collections c
    JOIN users o ON o.id = c.owner_id
    LEFT JOIN collection_members m ON m.collection_id = c.id AND m.user_id = $1`;

/** Collections, their members, saved listings and comments. */
@Injectable()
export class CollectionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async create(ownerId: string, name: string, now: Date): Promise<string> {
    const [row] = returningRows<{ id: string }>(
      await this.db.query(
        `INSERT INTO collections (owner_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id`,
        [ownerId, name, now],
      ),
    );
    return row.id;
  }

  async find(id: string, userId: string | null): Promise<CollectionRow | null> {
    const [row] = await this.db.query(`${SUMMARY} WHERE c.id = $2`, [userId, id]);
    return row ?? null;
  }

  async findByToken(token: string): Promise<CollectionRow | null> {
    const [row] = await this.db.query(`${SUMMARY} WHERE c.share_token = $2`, [null, token]);
    return row ?? null;
  }

  /**
   * The user's own collections and those shared with them, most recently changed first (collections_owner_idx
   * and collection_members_user_idx). `editable` keeps those they may add to.
   */
  async page(
    userId: string,
    limit: number,
    offset: number,
    editable: boolean,
  ): Promise<{ rows: CollectionRow[]; total: number }> {
    const where = `c.id IN (SELECT id FROM collections WHERE owner_id = $1
                            UNION ALL SELECT collection_id FROM collection_members WHERE user_id = $1
                            ${editable ? `AND role = 'edit'` : ''})`;
    const rows = await this.db.query(`${SUMMARY} WHERE ${where} ORDER BY c.updated_at DESC, c.id LIMIT $2 OFFSET $3`, [
      userId,
      limit,
      offset,
    ]);
    const [{ n }] = await this.db.query(`SELECT count(*)::int AS n FROM collections c WHERE ${where}`, [userId]);
    return { rows, total: n };
  }

  async rename(id: string, name: string, now: Date): Promise<void> {
    await this.db.query(`UPDATE collections SET name = $2, updated_at = $3 WHERE id = $1`, [id, name, now]);
  }

  async delete(id: string): Promise<void> {
    await this.db.query(`DELETE FROM collections WHERE id = $1`, [id]);
  }

  async setShareToken(id: string, token: string | null): Promise<void> {
    await this.db.query(`UPDATE collections SET share_token = $2 WHERE id = $1`, [id, token]);
  }

  /** Saves a listing (once: saving it again returns the existing item) and touches the collection. */
  async addItem(collectionId: string, propertyId: string, userId: string, now: Date): Promise<string> {
    return this.db.transaction(async (m) => {
      const inserted = returningRows<{ id: string }>(
        await m.query(
          `INSERT INTO collection_items (collection_id, property_id, added_by, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (collection_id, property_id) DO NOTHING RETURNING id`,
          [collectionId, propertyId, userId, now],
        ),
      );
      await m.query(`UPDATE collections SET updated_at = $2 WHERE id = $1`, [collectionId, now]);
      if (inserted[0]) return inserted[0].id;
      const [row] = await m.query(`SELECT id FROM collection_items WHERE collection_id = $1 AND property_id = $2`, [
        collectionId,
        propertyId,
      ]);
      return row.id;
    });
  }

  async findItem(collectionId: string, itemId: string): Promise<{ id: string } | null> {
    const [row] = await this.db.query(`SELECT id FROM collection_items WHERE id = $1 AND collection_id = $2`, [
      itemId,
      collectionId,
    ]);
    return row ?? null;
  }

  async removeItem(itemId: string): Promise<void> {
    await this.db.query(`DELETE FROM collection_items WHERE id = $1`, [itemId]);
  }

  /** A page of saved listings, newest first (collection_items_collection_idx). */
  async items(collectionId: string, limit: number, offset: number): Promise<{ rows: ItemRow[]; total: number }> {
    const rows = await this.db.query(
      `SELECT i.id, i.added_by, i.created_at, p.id AS property_id, p.slug, p.name, p.city, p.price::text AS price,
              p.currency, p.status
         FROM collection_items i JOIN properties p ON p.id = i.property_id
        WHERE i.collection_id = $1 ORDER BY i.created_at DESC, i.id LIMIT $2 OFFSET $3`,
      [collectionId, limit, offset],
    );
    const [{ n }] = await this.db.query(`SELECT count(*)::int AS n FROM collection_items WHERE collection_id = $1`, [
      collectionId,
    ]);
    return { rows, total: n };
  }

  /** The latest comments of several items at once (at most `perItem` each, oldest first). */
  comments(itemIds: string[], perItem: number): Promise<CommentRow[]> {
    if (!itemIds.length) return Promise.resolve([]);
    return this.db.query(
      `SELECT c.id, c.item_id, c.body, c.user_id, u.name AS user_name, c.created_at
         FROM unnest($1::uuid[]) AS item(id)
         CROSS JOIN LATERAL (SELECT * FROM collection_comments cc WHERE cc.item_id = item.id
                              ORDER BY cc.created_at DESC LIMIT $2) c
         JOIN users u ON u.id = c.user_id
        ORDER BY c.created_at, c.id`,
      [itemIds, perItem],
    );
  }

  async addComment(itemId: string, userId: string, body: string, now: Date): Promise<string> {
    const [row] = returningRows<{ id: string }>(
      await this.db.query(
        `INSERT INTO collection_comments (item_id, user_id, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [itemId, userId, body, now],
      ),
    );
    return row.id;
  }

  members(collectionId: string): Promise<MemberRow[]> {
    return this.db.query(
      `SELECT u.id, u.name, u.handle, m.role FROM collection_members m JOIN users u ON u.id = m.user_id
        WHERE m.collection_id = $1 ORDER BY m.created_at LIMIT 100`,
      [collectionId],
    );
  }

  async setMember(collectionId: string, userId: string, role: CollectionRole): Promise<void> {
    await this.db.query(
      `INSERT INTO collection_members (collection_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (collection_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
      [collectionId, userId, role],
    );
  }

  async removeMember(collectionId: string, userId: string): Promise<boolean> {
    const rows = returningRows(
      await this.db.query(
        `DELETE FROM collection_members WHERE collection_id = $1 AND user_id = $2 RETURNING user_id`,
        [collectionId, userId],
      ),
    );
    return rows.length > 0;
  }
}
