import { ConflictException, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ValidationFailedException } from '../../common/validation';
import { IdempotencyRepository } from './idempotency.repository';

/**
 * `Idempotency-Key` for money-moving requests. The first request with a key runs and its answer is kept; the same
 * key with the same body answers that first answer again (never a second order or refund); the same key with a
 * different body is refused with 422; a key whose first request is still running answers 409. A request that
 * fails releases its key so the client can retry it.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly repo: IdempotencyRepository) {}

  async run<T>(scope: string, key: string | undefined, body: unknown, work: () => Promise<T>): Promise<T> {
    if (key === undefined) return work();
    if (!/^[\x21-\x7e]{1,255}$/.test(key))
      throw ValidationFailedException.of(
        'idempotency_key',
        'The Idempotency-Key header must be 1-255 visible characters.',
      );
    const hash = createHash('sha256').update(stableJson(body)).digest('hex');
    const previous = await this.repo.claimIdempotencyKey(scope, key, hash);
    if (previous) {
      if (previous.request_hash !== hash)
        throw ValidationFailedException.of(
          'idempotency_key',
          'This Idempotency-Key was already used with a different request.',
        );
      if (previous.status_code === null)
        throw new ConflictException('A request with this Idempotency-Key is still being processed.');
      return previous.response as T;
    }
    try {
      const result = await work();
      await this.repo.completeIdempotencyKey(scope, key, 200, result);
      return result;
    } catch (error) {
      await this.repo.releaseIdempotencyKey(scope, key);
      throw error;
    }
  }
}

/** JSON with sorted keys, so the same body in another key order is the same request. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}
