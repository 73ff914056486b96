import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import type { FlagReason } from '../../../contracts/community';

export const FLAG_REASONS: FlagReason[] = ['spam', 'abuse', 'off_topic', 'illegal', 'other'];

export class FlagDto {
  @IsIn(FLAG_REASONS, { message: 'Choose why you flag this post.' })
  reason!: FlagReason;
}

export class ReviewListQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(['open', 'approved', 'rejected'], { message: 'Unknown review status.' })
  status?: 'open' | 'approved' | 'rejected';
}
