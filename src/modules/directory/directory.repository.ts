import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { prefixTsQuery } from '../../common/prefix-search';
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
  updated_at: Date;
}

export type ProviderValues = Pick<
  ProviderRow,
  'industry_id' | 'name' | 'headline' | 'bio' | 'city' | 'website' | 'licence_number'
>;

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
}

const PROVIDER_SELECT = `SELECT p.id, p.user_id, p.industry_id, i.slug AS industry_slug, i.name AS industry_name,
  p.name, p.headline, p.bio, p.city, p.website, p.licence_number, p.verified_at, p.offerings_count, p.updated_at
  FROM service_providers p JOIN industries i ON i.id = p.industry_id`;
const OFFERING_COLUMNS = 'o.id, o.provider_id, o.title, o.description, o.price_minor, o.currency, o.created_at';

/** The only place with SQL for industries, service providers and their offerings. */
@Injectable()
export class DirectoryRepository extends TransactionalRepository {
  constructor(@InjectDataSource() db: DataSource) {
    super(db);
  }

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
    const { where, params } = filters(f, 'p');
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `${PROVIDER_SELECT} ${where} ORDER BY (p.verified_at IS NULL), p.name, p.id
         OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, offset, limit],
      ) as Promise<ProviderRow[]>,
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

  /** Creates or updates the user's one profile; a changed licence number loses the verified badge. */
  async saveProvider(userId: string, v: ProviderValues): Promise<string> {
    const [row] = (await this.m.query(
      `INSERT INTO service_providers AS p (user_id, industry_id, name, headline, bio, city, website, licence_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET industry_id = EXCLUDED.industry_id, name = EXCLUDED.name,
         headline = EXCLUDED.headline, bio = EXCLUDED.bio, city = EXCLUDED.city, website = EXCLUDED.website,
         licence_number = EXCLUDED.licence_number, updated_at = now(),
         verified_at = CASE WHEN p.licence_number IS NOT DISTINCT FROM EXCLUDED.licence_number THEN p.verified_at END
       RETURNING id`,
      [userId, v.industry_id, v.name, v.headline, v.bio, v.city, v.website, v.licence_number],
    )) as Array<{ id: string }>;
    return row.id;
  }

  async setVerified(id: string, at: Date | null): Promise<void> {
    await this.m.query(`UPDATE service_providers SET verified_at = $2 WHERE id = $1`, [id, at]);
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

/** WHERE clause and parameters for the directory's filters; words search `searchAlias`'s tsvector. */
function filters(f: DirectoryFilters, p: string, searchAlias = p): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
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
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}
