import type { SelectQueryBuilder } from 'typeorm';
import type { DashboardSort, PublishFilter } from './property.constants';

/*
 * Query pieces shared by the property and listing dashboards (filter, search, sort, counts), so both lists read the
 * same way: additions to a builder the caller owns, and the dashboards' one prepared statement.
 */

/** The condition each publish filter puts on a property aliased `alias` (all: none). */
function publishCondition(alias: string, publish: PublishFilter | undefined): string | null {
  if (publish === 'draft') return `${alias}.publish = false AND ${alias}.archived_at IS NULL`;
  if (publish === 'published') return `${alias}.publish = true AND ${alias}.archived_at IS NULL`;
  if (publish === 'archived') return `${alias}.archived_at IS NOT NULL`;
  return null;
}

/** Applies a publish filter (all → nothing) to a query whose property alias is `alias`. */
export function applyPublishFilter<T extends object>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  publish: PublishFilter | undefined,
): void {
  const condition = publishCondition(alias, publish);
  if (condition) qb.andWhere(condition);
}

/** The search box's condition: `param` (a bound parameter) matched in name, address, city or slug. */
function searchCondition(alias: string, param: string): string {
  return `(${alias}.name ILIKE ${param} OR ${alias}.full_address ILIKE ${param} OR ${alias}.city ILIKE ${param} OR ${alias}.slug ILIKE ${param})`;
}

/** `%term%` with LIKE's wildcards in the term matching themselves. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function applySearch<T extends object>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  search: string | undefined,
): void {
  const term = search?.trim();
  if (!term) return;
  qb.andWhere(searchCondition(alias, ':like'), { like: likePattern(term) });
}

/** Each sort's key (column, direction, where nulls go); the property's id breaks ties, ascending. */
const SORT_KEYS: Record<DashboardSort, [column: string, order: 'ASC' | 'DESC', nulls?: 'NULLS LAST']> = {
  newest: ['created_at', 'DESC'],
  oldest: ['created_at', 'ASC'],
  updated: ['updated_at', 'DESC'],
  name: ['lower(@.name)', 'ASC'],
  price_asc: ['price', 'ASC', 'NULLS LAST'],
  price_desc: ['price', 'DESC', 'NULLS LAST'],
};

function sortKey(alias: string, sort: DashboardSort | undefined) {
  const [column, order, nulls] = SORT_KEYS[sort ?? 'newest'];
  return { column: column.includes('@') ? column.replace('@', alias) : `${alias}.${column}`, order, nulls };
}

export function applySort<T extends object>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  sort: DashboardSort | undefined,
): void {
  const { column, order, nulls } = sortKey(alias, sort);
  qb.orderBy(column, order, nulls);
  qb.addOrderBy(`${alias}.id`, 'ASC');
}

export interface PublishCounts {
  all: number;
  draft: number;
  published: number;
  archived: number;
}

/** Which dashboard page a statement reads: the owner column, the filters and whether the counts come with it. */
export interface DashboardStatement {
  owner: 'user' | 'team';
  search: string | undefined;
  publish: PublishFilter | undefined;
  sort: DashboardSort | undefined;
  /** Per-state counts of the search (else null counts: the caller has them from elsewhere). */
  counts: boolean;
}

/**
 * One dashboard page (properties aliased `p`, with `select` over `pageFrom`) and the per-state counts of the search
 * (over `countFrom`) in one statement: the counts row always comes back, and the page's rows ride on it, so a page
 * past the end still answers its total. The text depends only on the filters' shape, so each shape is one named
 * prepared statement. Values: $1 the owner id, $2 the page size, $3 the offset, $4 the search pattern.
 */
export function dashboardStatement(
  d: DashboardStatement,
  sql: { prefix: string; select: string; pageFrom: string; countFrom: string },
  ownerId: string,
  page: number,
  perPage: number,
): { name: string; text: string; values: unknown[] } {
  const term = d.search?.trim();
  const where = [`p.${d.owner}_id = $1`, ...(term ? [searchCondition('p', '$4')] : [])];
  const pageWhere = [...where, publishCondition('p', d.publish) ?? 'true'].join(' AND ');
  const { column, order, nulls } = sortKey('p', d.sort);
  const counts = d.counts
    ? `SELECT count(*)::int AS c_all,
              (count(*) FILTER (WHERE ${publishCondition('p', 'draft')}))::int AS c_draft,
              (count(*) FILTER (WHERE ${publishCondition('p', 'published')}))::int AS c_published,
              (count(*) FILTER (WHERE ${publishCondition('p', 'archived')}))::int AS c_archived
       FROM ${sql.countFrom} WHERE ${where.join(' AND ')}`
    : `SELECT NULL::int AS c_all, NULL::int AS c_draft, NULL::int AS c_published, NULL::int AS c_archived`;
  const name = `${sql.prefix}_${d.owner}_${term ? 's' : ''}${d.publish ?? 'all'}_${d.sort ?? 'newest'}_${+d.counts}`;
  return {
    name,
    text: `SELECT c.*, pg.* FROM (${counts}) c LEFT JOIN LATERAL (
             SELECT ${sql.select} FROM ${sql.pageFrom} WHERE ${pageWhere}
             ORDER BY ${column} ${order} ${nulls ?? ''}, p.id ASC LIMIT $2 OFFSET $3) pg ON true`,
    values: [ownerId, perPage, (page - 1) * perPage, ...(term ? [likePattern(term)] : [])],
  };
}

/** The counts of a row of `dashboardStatement` (null when it was asked for none). */
export function countsOfRow(row: Record<string, unknown>): PublishCounts | null {
  if (row.c_all === null) return null;
  return {
    all: row.c_all as number,
    draft: row.c_draft as number,
    published: row.c_published as number,
    archived: row.c_archived as number,
  };
}
