import { IsIn, IsString, IsUUID, Length } from 'class-validator';
import { GROUP_NAME, GroupDetailsDto, MineFlag } from '../../../common/group.dto';
import { KeysetQueryDto } from '../../../common/keyset-query.dto';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { SocietyVisibility } from '../../../contracts/society';

/** A society's fields other than its name (the name is required on create, optional on update). */
class SocietyDetailsDto extends GroupDetailsDto {
  @MayBeOmitted()
  @IsIn(['public', 'invite_only'], { message: 'Choose public or invite-only.' })
  visibility?: SocietyVisibility;
}

export class SocietyDto extends SocietyDetailsDto {
  @MayBeOmitted()
  @IsString()
  @Length(3, 80, GROUP_NAME)
  name?: string;
}

export class CreateSocietyDto extends SocietyDetailsDto {
  @IsString()
  @Length(3, 80, GROUP_NAME)
  name!: string;
}

export class SocietyListQueryDto extends PageQueryDto {
  /** Only the societies the caller belongs to. */
  @MineFlag()
  mine?: boolean;
}

export class InviteDto {
  @IsUUID('all', { message: 'Choose someone to invite.' })
  user_id!: string;
}

export class RoleDto {
  @IsIn(['moderator', 'member'], { message: 'The role is moderator or member.' })
  role!: 'moderator' | 'member';
}

export class SocietyPostDto {
  @IsString()
  @Length(1, 20_000, { message: 'A post is 1 to 20,000 characters.' })
  body_html!: string;
}

export class SocietyFeedQueryDto extends KeysetQueryDto {}
