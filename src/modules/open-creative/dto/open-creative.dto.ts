import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDateString,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { Text } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import {
  CREATIVE_SKILLS,
  DELEGATION_SCOPES,
  type CreativeSkill,
  type DelegationScope,
  type GrantSide,
} from '../../../contracts/open-creative';

/** A portfolio entry: a site path to public work (a spot, a walkthrough or a design), never an outside URL. */
export const PORTFOLIO_PATH = /^\/(spot|walkthrough|designs)\/[A-Za-z0-9-]{1,64}$/;

/** The marketplace search: words and one skill (both optional). */
export class ManagersQueryDto extends PageQueryDto {
  @MayBeOmitted()
  @Text(100, 'Search for at most 100 characters.')
  q?: string;

  @MayBeOmitted()
  @IsIn(CREATIVE_SKILLS, { message: 'Choose a skill from the list.' })
  skill?: CreativeSkill;
}

/** The caller's own manager listing. */
export class ManagerProfileDto {
  @IsString()
  @MinLength(3, { message: 'Give a headline of at least 3 characters.' })
  @MaxLength(160)
  headline!: string;

  @MayBeOmitted() @Text(2000) bio?: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one skill.' })
  @ArrayUnique()
  @IsIn(CREATIVE_SKILLS, { each: true, message: 'Choose skills from the list.' })
  skills!: CreativeSkill[];

  @MayBeOmitted() @Text(80) rate_text?: string;

  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(12, { message: 'List at most 12 portfolio links.' })
  @ArrayUnique()
  @Matches(PORTFOLIO_PATH, { each: true, message: 'Link to your spots, walkthroughs or designs on Reelty.' })
  portfolio?: string[];
}

/** A realtor gives a manager delegated access. */
export class CreateGrantDto {
  @IsUUID('all', { message: 'Choose a creative manager.' }) manager_id!: string;

  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one permission.' })
  @ArrayUnique()
  @IsIn(DELEGATION_SCOPES, { each: true, message: 'Choose permissions from the list.' })
  scopes!: DelegationScope[];

  /** null or left out: every listing. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsArray()
  @ArrayMinSize(1, { message: 'Choose at least one listing, or none for all of them.' })
  @ArrayMaxSize(50)
  @ArrayUnique()
  @IsUUID('all', { each: true, message: 'Choose your listings.' })
  listing_ids?: string[] | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsDateString({}, { message: 'Give the expiry as a date and time.' })
  expires_at?: string | null;
}

export class GrantsQueryDto extends PageQueryDto {
  @MayBeOmitted()
  @IsIn(['given', 'received'], { message: 'Choose given or received.' })
  side?: GrantSide;

  currentSide(): GrantSide {
    return this.side ?? 'given';
  }
}
