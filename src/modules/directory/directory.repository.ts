import { Injectable } from '@nestjs/common';
import { prefixTsQuery } from '../../common/prefix-search';
import { boundingBoxes } from '../market';

/** Mean Earth radius in miles, as the market's haversine uses. */
const EARTH_MILES = 3958.7613;
import { returningRows } from '../../database/raw-rows';
import { TransactionalRepository } from '../../database/transactional-repository';

export interface IndustryRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  providers_count: number;
}

export interface ProviderRow {
  id: string;
  user_id: string;
  industry_id: number;
  industry_slug: string;
  industry_name: string;
  name: string;
  headline: string;
  bio: string;
  city: string;
  website: string | null;
  licence_number: string | null;
  verified_at: Date | null;
  offerings_count: number;
  reviews_count: number;
  rating_sum: number;
  licence_document_key: string | null;
  licence_document_mime: string | null;
  licence_uploaded_at: Date | null;
  /** Set by a distance search: haversine miles from its centre. */
  distance_miles?: number;
  updated_at: Date;
}

export type ProviderValues = Pick<
  ProviderRow,
  'industry_id' | 'name' | 'headline' | 'bio' | 'city' | 'website' | 'licence_number'
> & { latitude: number | null; longitude: number | null };

export interface OfferingRow {
  id: string;
  provider_id: string;
  title: string;
  description: string;
  price_minor: number | null;
  currency: string;
  created_at: Date;
}

export interface OfferingListRow extends OfferingRow {
  provider_name: string;
  provider_city: string;
  industry_name: string;
  verified: boolean;
}

export type OfferingValues = Pick<OfferingRow, 'title' | 'description' | 'price_minor' | 'currency'>;

export interface DirectoryFilters {
  q?: string;
  industryId?: number;
  city?: string;
  /** Within `miles` of the point (nearest first). */
  near?: { lat: number; lng: number; miles: number };
}

const PROVIDER_SELECT = `SELECT p.id, p.user_id, p.industry_id, i.slug AS industry_slug, i.name AS industry_name,
  p.name, p.headline, p.bio, p.city, p.website, p.licence_number, p.verified_at, p.offerings_count, p.updated_at,
  p.reviews_count, p.rating_sum, p.licence_document_key, p.licence_document_mime, p.licence_uploaded_at
  FROM service_providers p JOIN industries i ON i.id = p.industry_id`;
const OFFERING_COLUMNS = 'o.id, o.provider_id, o.title, o.description, o.price_minor, o.currency, o.created_at';

/** The only place with SQL for industries, service providers and their offerings. */
@Injectable()
export class DirectoryRepository extends TransactionalRepository {
  industries(): Promise<IndustryRow[]> {
    return this.m.query(
      `SELECT i.id, i.slug, i.name, i.description,
         (SELECT count(*)::int FROM service_providers p WHERE p.industry_id = i.id) AS providers_count
       FROM industries i ORDER BY i.position, i.id`,
    ) as Promise<IndustryRow[]>;
  }

  async industry(slug: string): Promise<IndustryRow | null> {
    const [row] = (await this.m.query(
      `SELECT id, slug, name, description, 0 AS providers_count FROM industries WHERE slug = $1`,
      [slug],
    )) as IndustryRow[];
    return row ?? null;
  }

  /** Providers matching every filter, verified ones first, then by name. */
  async providers(f: DirectoryFilters, offset: number, limit: number): Promise<[ProviderRow[], number]> {
    const { where, params, distance } = filters(f, 'p');
    const order = distance ? `${distance}, p.id` : `(p.verified_at IS NULL), p.name, p.id`;
    const select = distance
      ? PROVIDER_SELECT.replace(' FROM', `, ${distance} AS distance_miles FROM`)
      : PROVIDER_SELECT;
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(`${select} ${where} ORDER BY ${order} OFFSET $${params.length + 1} LIMIT $${params.length + 2}`, [
        ...params,
        offset,
        limit,
      ]) as Promise<ProviderRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM service_providers p ${where}`, params) as Promise<
        Array<{ n: number }>
      >,
    ]);
    return [rows, n];
  }

  async provider(id: string): Promise<ProviderRow | null> {
    const [row] = (await this.m.query(`${PROVIDER_SELECT} WHERE p.id = $1`, [id])) as ProviderRow[];
    return row ?? null;
  }

  async providerOf(userId: string): Promise<ProviderRow | null> {
    const [row] = (await this.m.query(`${PROVIDER_SELECT} WHERE p.user_id = $1`, [userId])) as ProviderRow[];
    return row ?? null;
  }

  /** Providers with a city but no map point, by id after `afterId` (the partial index on missing points). */
  async providersWithoutPoint(afterId: string | null, limit: number): Promise<Array<{ id: string; city: string }>> {
    return (await this.m.query(
      `SELECT id, city FROM service_providers
       WHERE latitude IS NULL AND city <> '' AND ($1::uuid IS NULL OR id > $1) ORDER BY id LIMIT $2`,
      [afterId, limit],
    )) as Array<{ id: string; city: string }>;
  }

  /** Sets a missing point; false when the provider meanwhile got one or moved to another city. */
  async setPointIfMissing(id: string, city: string, lat: number, lng: number): Promise<boolean> {
    const rows = returningRows<{ id: string }>(
      await this.m.query(
        `UPDATE service_providers SET latitude = $3, longitude = $4
         WHERE id = $1 AND city = $2 AND latitude IS NULL RETURNING id`,
        [id, city, lat, lng],
      ),
    );
    return rows.length > 0;
  }

  /** Creates or updates the user's one profile; a changed licence number loses the verified badge. */
  async saveProvider(userId: string, v: ProviderValues): Promise<string> {
    const [row] = (await this.m.query(
      `INSERT INTO service_providers AS p (user_id, industry_id, name, headline, bio, city, website, licence_number,
         latitude, longitude)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (user_id) DO UPDATE SET industry_id = EXCLUDED.industry_id, name = EXCLUDED.name,
         headline = EXCLUDED.headline, bio = EXCLUDED.bio, city = EXCLUDED.city, website = EXCLUDED.website,
         licence_number = EXCLUDED.licence_number, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
         updated_at = now(),
         verified_at = CASE WHEN p.licence_number IS NOT DISTINCT FROM EXCLUDED.licence_number THEN p.verified_at END
       RETURNING id`,
      [userId, v.industry_id, v.name, v.headline, v.bio, v.city, v.website, v.licence_number, v.latitude, v.longitude],
    )) as Array<{ id: string }>;
    return row.id;
  }

  async setVerified(id: string, at: Date | null): Promise<void> {
    await this.m.query(`UPDATE service_providers SET verified_at = $2 WHERE id = $1`, [id, at]);
  }

  get manager() {
    return this.m;
  }

  /** A new licence document: recorded, and any badge taken back until an admin checks it. */
  async setLicenceDocument(id: string, key: string, mime: string, at: Date): Promise<void> {
    await this.m.query(
      `UPDATE service_providers SET licence_document_key = $2, licence_document_mime = $3, licence_uploaded_at = $4,
         verified_at = NULL, updated_at = now() WHERE id = $1`,
      [id, key, mime, at],
    );
  }

  /** Unverified providers with a licence document, oldest upload first (service_providers_awaiting_idx). */
  async awaiting(offset: number, limit: number): Promise<[ProviderRow[], number]> {
    const where = `WHERE p.verified_at IS NULL AND p.licence_uploaded_at IS NOT NULL`;
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(`${PROVIDER_SELECT} ${where} ORDER BY p.licence_uploaded_at, p.id OFFSET $1 LIMIT $2`, [
        offset,
        limit,
      ]) as Promise<ProviderRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM service_providers p ${where}`) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, n];
  }

  offeringsOf(providerId: string): Promise<OfferingRow[]> {
    return this.m.query(
      `SELECT ${OFFERING_COLUMNS} FROM offerings o WHERE o.provider_id = $1 ORDER BY o.created_at, o.id LIMIT 100`,
      [providerId],
    ) as Promise<OfferingRow[]>;
  }

  async offering(id: string): Promise<OfferingRow | null> {
    const [row] = (await this.m.query(`SELECT ${OFFERING_COLUMNS} FROM offerings o WHERE o.id = $1`, [
      id,
    ])) as OfferingRow[];
    return row ?? null;
  }

  /** Adds an offering and counts it, in one transaction. */
  addOffering(providerId: string, v: OfferingValues): Promise<OfferingRow> {
    return this.transaction(async (tx) => {
      const [row] = returningRows<OfferingRow>(
        await tx.m.query(
          `INSERT INTO offerings AS o (provider_id, title, description, price_minor, currency) VALUES ($1, $2, $3, $4, $5)
           RETURNING ${OFFERING_COLUMNS}`,
          [providerId, v.title, v.description, v.price_minor, v.currency],
        ),
      );
      await tx.countOfferings(providerId, 1);
      return row;
    });
  }

  async updateOffering(id: string, v: Partial<OfferingValues>): Promise<OfferingRow> {
    const entries = Object.entries(v).filter(([, value]) => value !== undefined);
    if (entries.length) {
      const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
      await this.m.query(`UPDATE offerings SET ${sets} WHERE id = $1`, [id, ...entries.map(([, value]) => value)]);
    }
    return (await this.offering(id))!;
  }

  removeOffering(o: OfferingRow): Promise<void> {
    return this.transaction(async (tx) => {
      const rows = returningRows(await tx.m.query(`DELETE FROM offerings WHERE id = $1 RETURNING id`, [o.id]));
      if (rows.length) await tx.countOfferings(o.provider_id, -1);
    });
  }

  /** Offerings across providers matching the words and industry, newest first. */
  async offerings(f: DirectoryFilters, offset: number, limit: number): Promise<[OfferingListRow[], number]> {
    const { where, params } = filters(f, 'p', 'o');
    const from = `FROM offerings o JOIN service_providers p ON p.id = o.provider_id JOIN industries i ON i.id = p.industry_id`;
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT ${OFFERING_COLUMNS}, p.name AS provider_name, p.city AS provider_city, i.name AS industry_name,
           p.verified_at IS NOT NULL AS verified
         ${from} ${where} ORDER BY o.created_at DESC, o.id DESC OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, offset, limit],
      ) as Promise<OfferingListRow[]>,
      this.m.query(`SELECT count(*)::int AS n ${from} ${where}`, params) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, n];
  }

  private async countOfferings(providerId: string, step: number): Promise<void> {
    await this.m.query(
      `UPDATE service_providers SET offerings_count = GREATEST(offerings_count + $2, 0) WHERE id = $1`,
      [providerId, step],
    );
  }
}

/**
 * WHERE clause and parameters for the directory's filters; words search `searchAlias`'s tsvector. A distance filter
 * narrows by bounding boxes on the GiST index over point(longitude, latitude) (as the market's radius search does),
 * then keeps the exact haversine miles within the radius; `distance` is that expression for ordering.
 */
function filters(
  f: DirectoryFilters,
  p: string,
  searchAlias = p,
): { where: string; params: unknown[]; distance: string | null } {
  const parts: string[] = [];
  const params: unknown[] = [];
  let distance: string | null = null;
  if (f.near) {
    params.push(f.near.lat, f.near.lng);
    const [lat, lng] = [`$${params.length - 1}::float8`, `$${params.length}::float8`];
    distance = `(2 * ${EARTH_MILES} * asin(least(1, sqrt(power(sin(radians(${p}.latitude - ${lat}) / 2), 2) +
      cos(radians(${lat})) * cos(radians(${p}.latitude)) * power(sin(radians(${p}.longitude - ${lng}) / 2), 2)))))`;
    const boxes = boundingBoxes(f.near.lat, f.near.lng, f.near.miles).map((b) => {
      params.push(b.west, b.south, b.east, b.north);
      const i = params.length;
      return `point(${p}.longitude, ${p}.latitude) <@ box(point($${i - 3}, $${i - 2}), point($${i - 1}, $${i}))`;
    });
    params.push(f.near.miles);
    parts.push(
      `${p}.latitude IS NOT NULL AND ${p}.longitude IS NOT NULL AND (${boxes.join(' OR ')})`,
      `${distance} <= $${params.length}`,
    );
  }
  const tsq = prefixTsQuery(f.q);
  if (tsq) {
    params.push(tsq);
    parts.push(`${searchAlias}.search @@ to_tsquery('simple', $${params.length})`);
  }
  if (f.industryId) {
    params.push(f.industryId);
    parts.push(`${p}.industry_id = $${params.length}`);
  }
  if (f.city?.trim()) {
    params.push(f.city.trim());
    parts.push(`lower(${p}.city) = lower($${params.length})`);
  }
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params, distance };
}
