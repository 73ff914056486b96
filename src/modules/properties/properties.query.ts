import type { SelectQueryBuilder } from 'typeorm';
import type { DashboardSort, PublishFilter } from './property.constants';
import type { Property } from './property.entity';

/*
 * Query-builder pieces shared by the property and listing dashboards (filter, search, sort, counts), so both lists
 * read the same way. They only add to a builder the caller owns.
 */

/** Applies a publish filter (all → nothing) to a query whose property alias is `alias`. */
export function applyPublishFilter<T extends object>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  publish: PublishFilter | undefined,
): void {
  if (publish === 'draft') qb.andWhere(`${alias}.publish = false AND ${alias}.archived_at IS NULL`);
  else if (publish === 'published') qb.andWhere(`${alias}.publish = true AND ${alias}.archived_at IS NULL`);
  else if (publish === 'archived') qb.andWhere(`${alias}.archived_at IS NOT NULL`);
}

export function applySearch<T extends object>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  search: string | undefined,
): void {
  const term = search?.trim();
  if (!term) return;
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  qb.andWhere(
    `(${alias}.name ILIKE :like OR ${alias}.full_address ILIKE :like OR ${alias}.city ILIKE :like OR ${alias}.slug ILIKE :like)`,
    { like },
  );
}

export function applySort<T extends object>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  sort: DashboardSort | undefined,
): void {
  switch (sort ?? 'newest') {
    case 'oldest':
      qb.orderBy(`${alias}.created_at`, 'ASC');
      break;
    case 'updated':
      qb.orderBy(`${alias}.updated_at`, 'DESC');
      break;
    case 'name':
      qb.orderBy(`lower(${alias}.name)`, 'ASC');
      break;
    case 'price_asc':
      qb.orderBy(`${alias}.price`, 'ASC', 'NULLS LAST');
      break;
    case 'price_desc':
      qb.orderBy(`${alias}.price`, 'DESC', 'NULLS LAST');
      break;
    default:
      qb.orderBy(`${alias}.created_at`, 'DESC');
  }
  qb.addOrderBy(`${alias}.id`, 'ASC');
}

export interface PublishCounts {
  all: number;
  draft: number;
  published: number;
  archived: number;
}

/** How many of the query's properties are in each publish state (one aggregate). */
export async function countByPublishState(qb: SelectQueryBuilder<Property>): Promise<PublishCounts> {
  const raw = await qb
    .select('count(*)::int', 'all')
    .addSelect('(count(*) FILTER (WHERE p.publish = false AND p.archived_at IS NULL))::int', 'draft')
    .addSelect('(count(*) FILTER (WHERE p.publish = true AND p.archived_at IS NULL))::int', 'published')
    .addSelect('(count(*) FILTER (WHERE p.archived_at IS NOT NULL))::int', 'archived')
    .getRawOne<PublishCounts>();
  return raw ?? { all: 0, draft: 0, published: 0, archived: 0 };
}
