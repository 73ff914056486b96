import type { Pool, QueryResultRow } from 'pg';
import type { DataSource, EntityMetadata } from 'typeorm';

/**
 * Hot-path reads without TypeORM's query building: a named (server-side prepared) statement on the
 * pool, plus select lists and row mapping derived from the entity metadata, so the SQL follows the
 * entity when a column is added. Use only for a few per-request queries; everything else keeps the
 * repositories.
 */
export function preparedQuery<R extends QueryResultRow>(
  db: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const pool = (db.driver as unknown as { master?: Pool }).master;
  if (!pool) return db.query(text, values) as Promise<R[]>;
  return pool.query<R>({ name, text, values }).then((result) => result.rows);
}

/** `alias.column AS "prefixproperty", ...` for the columns the entity selects by default. */
export function selectList(meta: EntityMetadata, alias: string, prefix = ''): string {
  return meta.columns
    .filter((column) => column.isSelect)
    .map((column) => `${alias}."${column.databaseName}" AS "${prefix}${column.propertyName}"`)
    .join(', ');
}

/** Builds an entity from a row selected with selectList (applies column transformers). */
export function hydrate<T>(meta: EntityMetadata, row: Record<string, unknown>, prefix = ''): T {
  const entity = meta.create() as Record<string, unknown>;
  for (const column of meta.columns) {
    if (!column.isSelect) continue;
    const value = row[`${prefix}${column.propertyName}`];
    const transformer = column.transformer;
    entity[column.propertyName] = transformer && !Array.isArray(transformer) ? transformer.from(value) : value;
  }
  return entity as T;
}

/** `'property', alias."column", ...`: the arguments of a json_build_object holding an entity's selected columns. */
export function jsonObjectFields(meta: EntityMetadata, alias: string): string {
  return meta.columns
    .filter((column) => column.isSelect)
    .map((column) => `'${column.propertyName}', ${alias}."${column.databaseName}"`)
    .join(', ');
}

/**
 * Builds an entity from an object built with jsonObjectFields (JSON built in SQL): as `hydrate`, and timestamps,
 * which JSON carries as text, become Dates as the driver makes them.
 */
export function hydrateJson<T>(meta: EntityMetadata, object: Record<string, unknown>): T {
  const entity = hydrate<Record<string, unknown>>(meta, object);
  for (const column of meta.columns) {
    const value = entity[column.propertyName];
    const isTimestamp =
      column.type === Date || ['timestamptz', 'timestamp', 'timestamp with time zone'].includes(String(column.type));
    if (isTimestamp && typeof value === 'string') entity[column.propertyName] = new Date(value);
  }
  return entity as T;
}

/**
 * The rows of an INSERT/UPDATE/DELETE ... RETURNING run through `manager.query`: TypeORM's postgres driver answers
 * those as [rows, count], and a plain SELECT as the rows.
 */
export function returningRows<T = unknown>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
    return result[0] as T[];
  return result as T[];
}

/**
 * A raw row whose columns are a wire shape's fields, but with the timestamps `K` (ISO strings on the wire) as the
 * Dates the driver reads (a nullable one stays nullable): declare such a row from its contract, not field by field.
 */
export type RowOfJson<Json, K extends keyof Json> = Omit<Json, K> & {
  [P in K]: null extends Json[P] ? Date | null : Date;
};
