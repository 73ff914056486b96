import { Injectable, NotFoundException, PipeTransform } from '@nestjs/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/**
 * `@Param('id', UuidPipe) id: string`. An id that is not a uuid cannot name any row, so it answers 404 like any
 * other unknown id (never a 500 from PostgreSQL's uuid cast, never a 422 that reveals the format).
 */
@Injectable()
export class UuidPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (!isUuid(value)) throw new NotFoundException('Not found.');
    return value.toLowerCase();
  }
}
