import { IsIn, IsString, IsUUID, Length, ValidateIf } from 'class-validator';
import { GROUP_NAME, GroupDetailsDto, MineFlag } from '../../../common/group.dto';
import { KeysetQueryDto } from '../../../common/keyset-query.dto';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { ChannelPosting, ChannelVisibility } from '../../../contracts/channels';

/** A channel's fields other than its name (required on create, optional on update: declared in each subclass). */
class ChannelDetailsDto extends GroupDetailsDto {
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
  @Length(3, 80, GROUP_NAME)
  name?: string;
}

export class CreateChannelDto extends ChannelDetailsDto {
  @IsString()
  @Length(3, 80, GROUP_NAME)
  name!: string;
}

export class ChannelListQueryDto extends PageQueryDto {
  /** Only the channels the caller belongs to. */
  @MineFlag()
  mine?: boolean;
}

/** Whom to invite: `user_id` from the picker, or `handle` (with or without the @). */
export class ChannelInviteDto {
  @ValidateIf((o: ChannelInviteDto) => o.handle === undefined || o.user_id !== undefined)
  @IsUUID('all', { message: 'Choose someone to invite.' })
  user_id?: string;

  @MayBeOmitted()
  @IsString()
  @Length(2, 41, { message: 'A handle is 2 to 40 characters.' })
  handle?: string;
}

/** The invite picker's search: part of a handle or name. */
export class ChannelCandidatesQueryDto {
  @IsString()
  @Length(2, 60, { message: 'Type at least 2 characters.' })
  q!: string;
}

export class ChannelMessageDto {
  @IsString()
  @Length(1, 10_000, { message: 'A message is 1 to 10,000 characters.' })
  body_html!: string;
}

export class ChannelHistoryQueryDto extends KeysetQueryDto {}
