import { IsString, MaxLength } from 'class-validator';
import { MayBeOmitted } from './validation';

/** The query of a keyset-paged feed (src/common/keyset.ts): the previous answer's `next_cursor`, if any. */
export class KeysetQueryDto {
  @MayBeOmitted()
  @IsString()
  @MaxLength(120)
  cursor?: string;
}
