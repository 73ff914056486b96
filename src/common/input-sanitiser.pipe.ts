import { ArgumentMetadata, Injectable, NotFoundException, PipeTransform, Type } from '@nestjs/common';
import { getMetadataStorage, IS_OPTIONAL } from 'class-validator';
import { MAX_PAGE, MAX_PER_PAGE } from './page-query.dto';
import { ValidationFailedException } from './validation';

/** Deeper than any form or API payload of ours: past it, validation would recurse towards a stack overflow. */
export const MAX_INPUT_DEPTH = 32;
const PAGING_LIMITS: Record<string, number> = { page: MAX_PAGE, per_page: MAX_PER_PAGE, count: MAX_PER_PAGE };

/**
 * Runs before validation on every body, query and path parameter, so no handler sees input that
 * PostgreSQL or the validators cannot take:
 * - a NUL character anywhere (PostgreSQL text cannot hold it): 422 on the field, 404 in a path;
 * - nesting deeper than MAX_INPUT_DEPTH: 422 (checked without recursion);
 * - a single named query or path value (`@Query('q')`) that arrived as an array or object (`?q[]=a`): 422;
 * - `page`, `per_page` and `count` in any query: whole numbers within PageQueryDto's bounds, else 422;
 * - `null` for an optional body field whose type does not admit null (`title?: string`): 422. class-validator's
 *   `@IsOptional()` lets null through as if absent, and code that expects text then fails on it; a field
 *   that may be cleared says so in its type (`description?: string | null`).
 */
/**
 * A path value read before the pipes run (a policy check in a guard): one with a NUL names nothing, as this pipe
 * answers for every path value.
 */
export function assertPathValue(value: string): void {
  if (value.includes('\u0000')) throw new NotFoundException('We could not find that.');
}

@Injectable()
export class InputSanitiserPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const problem = findProblem(value);
    if (problem) {
      if (metadata.type === 'param') throw new NotFoundException('We could not find that.');
      const field = [metadata.data, problem.path].filter(Boolean).join('.') || 'body';
      throw ValidationFailedException.of(field, problem.message);
    }
    if (metadata.data && metadata.type !== 'body' && value !== undefined && typeof value === 'object') {
      if (metadata.type === 'param') throw new NotFoundException('We could not find that.');
      throw ValidationFailedException.of(metadata.data, `${metadata.data} must be a single value.`);
    }
    if (metadata.type === 'body' && metadata.metatype) assertNullsAllowed(metadata.metatype, value);
    if (metadata.type === 'query') {
      if (metadata.data) assertPaging(metadata.data, value);
      else if (value && typeof value === 'object')
        for (const [name, item] of Object.entries(value as Record<string, unknown>)) assertPaging(name, item);
    }
    return value;
  }
}

const NOT_NULLABLE = new Set<unknown>([String, Number, Boolean]);

function assertNullsAllowed(dto: Type<unknown>, body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body) || NOT_NULLABLE.has(dto) || dto === Object) return;
  for (const [field, value] of Object.entries(body)) {
    if (value !== null || !NOT_NULLABLE.has(Reflect.getMetadata('design:type', dto.prototype as object, field)))
      continue;
    const optional = getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .some((meta) => meta.propertyName === field && meta.name === IS_OPTIONAL);
    if (optional)
      throw ValidationFailedException.of(field, `${field} cannot be null: leave it out to keep it as it is.`);
  }
}

/** The outer bounds of paging on every list, whatever its DTO (a list's own DTO may be stricter). */
function assertPaging(name: string, value: unknown): void {
  if (!(name in PAGING_LIMITS) || value === undefined || value === '') return;
  const max = PAGING_LIMITS[name];
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max)
    throw ValidationFailedException.of(name, `${name} must be a whole number from 1 to ${max}.`);
}

function findProblem(root: unknown): { path: string; message: string } | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        return { path, message: 'The text contains a character that is not allowed (NUL).' };
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_INPUT_DEPTH)
      return { path, message: `The input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).` };
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000'))
        return { path, message: 'A field name contains a character that is not allowed (NUL).' };
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}
