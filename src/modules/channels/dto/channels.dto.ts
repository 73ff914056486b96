import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { ChannelPosting, ChannelVisibility } from '../../../contracts/channels';

/** A channel's fields other than its name (required on create, optional on update: declared in each subclass). */
class ChannelDetailsDto {
  @MayBeOmitted()
  @IsString()
  @MaxLength(1000, { message: 'The description may be at most 1,000 characters.' })
  description?: string;

  @MayBeOmitted()
  @IsIn(['public', 'private'], { message: 'Choose public or private.' })
  visibility?: ChannelVisibility;

  @MayBeOmitted()
  @IsIn(['owner', 'members'], { message: 'Choose who may write: only you, or every member.' })
  posting?: ChannelPosting;
}

export class ChannelDto extends ChannelDetailsDto {
  @MayBeOmitted()
  @IsString()
  @Length(3, 80, { message: 'The name must be 3 to 80 characters.' })
  name?: string;
}

export class CreateChannelDto extends ChannelDetailsDto {
  @IsString()
  @Length(3, 80, { message: 'The name must be 3 to 80 characters.' })
  name!: string;
}

export class ChannelListQueryDto extends PageQueryDto {
  /** Only the channels the caller belongs to. */
  @MayBeOmitted()
  @Transform(({ value }) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  )
  @IsBoolean({ message: 'mine is true or false.' })
  mine?: boolean;
}

export class ChannelInviteDto {
  @IsUUID('all', { message: 'Choose someone to invite.' })
  user_id!: string;
}

export class ChannelMessageDto {
  @IsString()
  @Length(1, 10_000, { message: 'A message is 1 to 10,000 characters.' })
  body_html!: string;
}

export class ChannelHistoryQueryDto {
  @MayBeOmitted()
  @IsString()
  @MaxLength(120)
  cursor?: string;
}
