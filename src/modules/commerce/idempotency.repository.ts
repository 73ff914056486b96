import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { returningRows } from '../../database/raw-rows';

/** The SQL for idempotency keys: one row per (scope, key) holding the request's hash and its first answer. */
@Injectable()
export class IdempotencyRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // ---- idempotency keys ----

  /** Claims (scope, key) for a request; answers the existing row when the key was used before. */
  async claimIdempotencyKey(scope: string, key: string, hash: string): Promise<IdempotencyRow | null> {
    const inserted = await this.db.query(
      `INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING scope`,
      [scope, key, hash],
    );
    if (returningRows(inserted).length) return null;
    const rows: IdempotencyRow[] = await this.db.query(`SELECT * FROM idempotency_keys WHERE scope = $1 AND key = $2`, [
      scope,
      key,
    ]);
    return rows[0] ?? null;
  }

  async completeIdempotencyKey(scope: string, key: string, statusCode: number, response: unknown): Promise<void> {
    await this.db.query(`UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE scope = $1 AND key = $2`, [
      scope,
      key,
      statusCode,
      JSON.stringify(response),
    ]);
  }

  async releaseIdempotencyKey(scope: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status_code IS NULL`, [
      scope,
      key,
    ]);
  }
}

export interface IdempotencyRow {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: unknown;
}
