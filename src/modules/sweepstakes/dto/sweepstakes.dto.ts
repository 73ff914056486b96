import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import { FilledText, IntBetween, Text, Trim } from '../../../common/dto-fields';
import type { DisqualifyReason, SweepstakesState } from '../../../contracts/sweepstakes';
import { PageQueryDto } from '../../../common/page-query.dto';
import { isTimeZone } from '../../users';
import { DISQUALIFY_REASONS, SWEEPSTAKES_STATES } from '../sweepstakes.constants';
import { DEFAULT_SHARE_CAP } from '../sweepstakes.rules';

const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const REGION = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

function IsTimeZone() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isTimeZone',
      target: object.constructor,
      propertyName,
      options: { message: 'Choose a valid time zone (e.g. America/New_York).' },
      validator: { validate: (value: unknown) => isTimeZone(value) },
    });
}

export class PrizeDto {
  @Trim() @FilledText(120, 'Name the prize.') name!: string;
  @IsOptional() @Trim() @Text(1000) description: string = '';
  @Type(() => Number)
  @IntBetween(0, 1_000_000_000_00, { notInt: 'The retail value must be a whole number of cents.' })
  retail_value_minor!: number;
}

export class BonusEntriesDto {
  @Type(() => Number) @IntBetween(0, 100) purchase: number = 1;
  @Type(() => Number) @IntBetween(0, 100) referral: number = 1;
  @Type(() => Number) @IntBetween(0, 100) share: number = 1;
}

export class RulesDto {
  @Type(() => Number) @IntBetween(13, 120, { below: 'The minimum age is at least 13.' }) min_age!: number;
  @IsArray()
  @ArrayMinSize(1, { message: 'List at least one eligible region.' })
  @ArrayMaxSize(100)
  @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => String(v).trim().toUpperCase()) : value))
  @Matches(REGION, { each: true, message: 'Regions are ISO codes such as US or US-CA.' })
  regions!: string[];
  @IsTimeZone() timezone!: string;
  @IsISO8601({ strict: true }, { message: 'Give the start as a date and time.' }) starts_at!: string;
  @IsISO8601({ strict: true }, { message: 'Give the end as a date and time.' }) ends_at!: string;
  @Transform(upper) @Matches(/^[A-Z]{3}$/, { message: 'The currency is a 3-letter code.' }) currency: string = 'USD';
  @IsArray()
  @ArrayMinSize(1, { message: 'Add at least one prize.' })
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => PrizeDto)
  prizes!: PrizeDto[];
  @Trim() @FilledText(2000, 'State the odds.') odds_statement!: string;
  @Trim()
  @FilledText(2000, 'Describe the free (no purchase) entry method.')
  free_entry_method!: string;
  @Type(() => Number) @IntBetween(1, 90) claim_window_days: number = 7;
  @Type(() => Number) @IntBetween(0, 50) alternates: number = 3;
  @IsIn(['once', 'daily'], { message: 'Entries are once or daily.' }) entry_period: 'once' | 'daily' = 'once';
  @ValidateNested() @Type(() => BonusEntriesDto) bonus_entries: BonusEntriesDto = new BonusEntriesDto();
  @Type(() => Number) @IntBetween(0, 1000) share_cap?: number = DEFAULT_SHARE_CAP;
}

export class SweepstakesInputDto {
  @Trim() @FilledText(160, 'Give the sweepstakes a title.') title!: string;
  @IsOptional() @Trim() @Text(2000) summary: string = '';
  @ValidateNested() @Type(() => RulesDto) rules!: RulesDto;
}

export class AmendmentDto {
  @Trim()
  @FilledText(2000, 'Say what the amendment changes.')
  summary!: string;
  @IsOptional() @IsISO8601({ strict: true }) effective_at?: string;
  @IsOptional() @IsISO8601({ strict: true }, { message: 'Give the new end as a date and time.' }) ends_at?: string;
  @IsOptional() @Trim() @FilledText(2000) odds_statement?: string;
  @IsOptional() @Trim() @FilledText(2000) free_entry_method?: string;
}

export class RegistrationDto {
  @IsISO8601({ strict: true }, { message: 'Give the registration date.' }) registered_on!: string;
  @Trim()
  @FilledText(120, 'Give the registration reference.')
  reference!: string;
}

export class DrawDto {
  /** A public value fixed after the commitment (e.g. a drand round's randomness); optional. */
  @IsOptional()
  @Trim()
  @Text(200)
  @Matches(/^[\x20-\x7e]*$/, { message: 'Printable ASCII only.' })
  beacon?: string;
}

export class EnterDto {
  @Transform(upper) @IsString() @Matches(REGION, { message: 'Choose where you live (e.g. US-CA).' }) region!: string;
  @IsISO8601({ strict: true }, { message: 'Give your date of birth.' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'Give your date of birth as YYYY-MM-DD.' })
  birth_date!: string;
  @IsBoolean({ message: 'Accept the official rules to enter.' })
  @Equals(true, { message: 'Accept the official rules to enter.' })
  accept_rules!: boolean;
  /** The share link's code when the person arrived through one (its owner earns the share bonus). */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,16}$/, { message: 'That share link is not valid.' })
  via?: string;
}

export class ClaimDto {
  @Trim() @FilledText(160, 'Enter your full name.') full_name!: string;
  @Trim() @FilledText(200, 'Enter your street address.') line1!: string;
  @IsOptional() @Trim() @Text(200) line2?: string;
  @Trim() @FilledText(120, 'Enter your city.') city!: string;
  @Trim() @FilledText(120, 'Enter your state or region.') region!: string;
  @Trim() @FilledText(20, 'Enter your postal code.') postal_code!: string;
  @Transform(upper) @Matches(/^[A-Z]{2}$/, { message: 'Choose your country.' }) country!: string;
  @IsBoolean({ message: 'Sign the eligibility affidavit.' })
  @Equals(true, { message: 'Sign the eligibility affidavit.' })
  affidavit!: boolean;
}

export class FulfilDto {
  @Trim() @FilledText(200, 'Enter the tracking number.') tracking!: string;
}

export class DisqualifyDto {
  @IsIn(DISQUALIFY_REASONS, { message: 'Choose a reason code.' }) reason_code!: DisqualifyReason;
}

export class AdminListQueryDto extends PageQueryDto {
  @IsOptional() @IsIn(SWEEPSTAKES_STATES, { message: 'Unknown state.' }) state?: SweepstakesState;
}

export class PublicListQueryDto extends PageQueryDto {}
