import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { ListingFacts, SavedSearchParams } from '../../contracts/market';
import type { Box } from '../market';
import { SavedSearch } from './entities/saved-search.entity';

export type EmailChoice = 'instant' | 'daily' | 'off';

export interface HistoryRow {
  id: string;
  kind: string;
  old_price: string | null;
  new_price: string | null;
  old_status: string | null;
  new_status: string | null;
}

/** What a hit remembers of the listing and the change when it was found (the email and bell show it). */
export interface HitData {
  property_name: string;
  slug: string;
  city: string | null;
  price: string | null;
  currency: string;
  old_price?: string | null;
  status?: string;
}

export interface NewHit {
  savedSearchId: string;
  userId: string;
  historyId: string;
  propertyId: string;
  kind: string;
  data: HitData;
}

export interface HitRow {
  id: string;
  user_id: string;
  saved_search_id: string;
  search_name: string;
  property_id: string;
  history_id: string;
  kind: string;
  data: HitData;
}

/** Saved searches, their indexed criteria, property history (written by a trigger), hits and email choices. */
@Injectable()
export class SavedSearchesRepository {
  constructor(
    @InjectRepository(SavedSearch) private readonly searches: Repository<SavedSearch>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  list(userId: string, take: number): Promise<SavedSearch[]> {
    return this.searches.find({ where: { userId }, order: { createdAt: 'DESC' }, take });
  }

  count(userId: string): Promise<number> {
    return this.searches.countBy({ userId });
  }

  find(id: string): Promise<SavedSearch | null> {
    return this.searches.findOneBy({ id });
  }

  /** Inserts the search with its criteria columns (the box in unwrapped longitudes, see criteria.ts). */
  async insert(userId: string, name: string, params: SavedSearchParams, box: Box): Promise<SavedSearch> {
    const [row] = await this.db.query(
      `INSERT INTO saved_searches (user_id, name, params, area, min_price, max_price, type, sector, status)
       VALUES ($1, $2, $3, box(point($4, $5), point($6, $7)), $8, $9, $10, $11, $12) RETURNING id`,
      [
        userId,
        name,
        params,
        box.west,
        box.south,
        box.east,
        box.north,
        params.min_price ?? null,
        params.max_price ?? null,
        params.type ?? null,
        params.sector ?? null,
        params.status ?? null,
      ],
    );
    return (await this.find(row.id))!;
  }

  async update(id: string, changes: { alerts?: boolean; name?: string }): Promise<void> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length) await this.searches.update({ id }, set);
  }

  async delete(id: string): Promise<void> {
    await this.searches.delete({ id });
  }

  /**
   * The searches whose box holds the listing (GiST on `area`, tried at the longitude and one turn east) and
   * whose price band, type, sector and status admit it; the exact shape and the other filters are checked after.
   */
  candidates(
    f: ListingFacts,
    m?: EntityManager,
  ): Promise<Array<{ id: string; user_id: string; params: SavedSearchParams }>> {
    return (m ?? this.db).query(
      `SELECT s.id, s.user_id, s.params FROM saved_searches s
        WHERE s.alerts
          AND (s.area @> box(point($1, $2), point($1, $2)) OR s.area @> box(point($1 + 360, $2), point($1 + 360, $2)))
          AND (s.min_price IS NULL OR s.min_price <= $3::numeric)
          AND (s.max_price IS NULL OR s.max_price >= $3::numeric)
          AND (s.type IS NULL OR s.type = $4)
          AND (s.sector IS NULL OR s.sector = $5)
          AND (s.status IS NULL OR s.status = $6)`,
      [f.lng, f.lat, f.price, f.type, f.sector, f.status],
    );
  }

  /** Takes the property's history rows not yet looked at (locked: one consumer at a time per property). */
  claimHistory(m: EntityManager, propertyId: string, now: Date): Promise<HistoryRow[]> {
    return m
      .query(
        `UPDATE property_history SET alerted_at = $2
          WHERE id IN (SELECT id FROM property_history WHERE property_id = $1 AND alerted_at IS NULL
                        ORDER BY id FOR UPDATE SKIP LOCKED)
          RETURNING id::text, kind, old_price, new_price, old_status, new_status`,
        [propertyId, now],
      )
      .then((r: [HistoryRow[], number] | HistoryRow[]) =>
        Array.isArray(r[0]) ? (r[0] as HistoryRow[]) : (r as HistoryRow[]),
      );
  }

  async insertHits(m: EntityManager, hits: NewHit[]): Promise<void> {
    for (const h of hits) {
      await m.query(
        `INSERT INTO saved_search_hits (saved_search_id, user_id, history_id, property_id, kind, data)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (saved_search_id, history_id) DO NOTHING`,
        [h.savedSearchId, h.userId, h.historyId, h.propertyId, h.kind, h.data],
      );
    }
  }

  /** Marks the property's hits as pushed and returns them (a repeated event finds none). */
  takeUnnotified(propertyId: string, now: Date): Promise<HitRow[]> {
    return this.takeHits(`h.property_id = $1 AND h.notified_at IS NULL`, 'notified_at', propertyId, now);
  }

  /** Marks the user's hits as emailed and returns them: the one email that covers them all. */
  takeUnemailed(userId: string, now: Date): Promise<HitRow[]> {
    return this.takeHits(`h.user_id = $1 AND h.emailed_at IS NULL`, 'emailed_at', userId, now);
  }

  private async takeHits(
    where: string,
    column: 'notified_at' | 'emailed_at',
    id: string,
    now: Date,
  ): Promise<HitRow[]> {
    return this.db.query(
      `WITH taken AS (
         UPDATE saved_search_hits SET ${column} = $2
          WHERE id IN (SELECT h.id FROM saved_search_hits h WHERE ${where} ORDER BY h.id FOR UPDATE SKIP LOCKED)
          RETURNING *)
       SELECT t.id::text, t.user_id, t.saved_search_id, s.name AS search_name, t.property_id, t.history_id::text,
              t.kind, t.data
         FROM taken t JOIN saved_searches s ON s.id = t.saved_search_id ORDER BY t.id`,
      [id, now],
    );
  }

  /** A property's change log, newest first (property_history_property_idx). */
  history(
    propertyId: string,
    limit: number,
  ): Promise<Array<HistoryRow & { created_at: Date; currency: string | null }>> {
    return this.db.query(
      `SELECT id::text, kind, old_price, new_price, currency, old_status, new_status, created_at
         FROM property_history WHERE property_id = $1 ORDER BY id DESC LIMIT $2`,
      [propertyId, limit],
    );
  }

  async emailChoice(userId: string): Promise<EmailChoice> {
    const [row] = await this.db.query(`SELECT email FROM saved_search_settings WHERE user_id = $1`, [userId]);
    return (row?.email as EmailChoice) ?? 'daily';
  }

  async setEmailChoice(userId: string, email: EmailChoice, now: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO saved_search_settings (user_id, email, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, updated_at = EXCLUDED.updated_at`,
      [userId, email, now],
    );
  }
}
