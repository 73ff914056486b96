import { IsBoolean, IsIn, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { SocietyVisibility } from '../../../contracts/society';

/** A society's fields other than its name (the name is required on create, optional on update). */
class SocietyDetailsDto {
  @MayBeOmitted()
  @IsString()
  @MaxLength(1000, { message: 'The description may be at most 1,000 characters.' })
  description?: string;

  @MayBeOmitted()
  @IsIn(['public', 'invite_only'], { message: 'Choose public or invite-only.' })
  visibility?: SocietyVisibility;
}

// The name is declared in each subclass: class-validator merges a parent's rules into the child, so an optional
// name on a shared parent would make the create form's name optional too.
export class SocietyDto extends SocietyDetailsDto {
  @MayBeOmitted()
  @IsString()
  @Length(3, 80, { message: 'The name must be 3 to 80 characters.' })
  name?: string;
}

export class CreateSocietyDto extends SocietyDetailsDto {
  @IsString()
  @Length(3, 80, { message: 'The name must be 3 to 80 characters.' })
  name!: string;
}

export class SocietyListQueryDto extends PageQueryDto {
  /** Only the societies the caller belongs to. */
  @MayBeOmitted()
  @Transform(({ value }) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  )
  @IsBoolean({ message: 'mine is true or false.' })
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

export class SocietyFeedQueryDto {
  @MayBeOmitted()
  @IsString()
  @MaxLength(120)
  cursor?: string;
}
