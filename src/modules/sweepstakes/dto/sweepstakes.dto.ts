import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import type { DisqualifyReason, SweepstakesState } from '../../../contracts/sweepstakes';
import { PageQueryDto } from '../../../common/page-query.dto';
import { isTimeZone } from '../../users';
import { DISQUALIFY_REASONS, SWEEPSTAKES_STATES } from '../sweepstakes.constants';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
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
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Name the prize.' }) @MaxLength(120) name!: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(1000) description: string = '';
  @Type(() => Number)
  @IsInt({ message: 'The retail value must be a whole number of cents.' })
  @Min(0)
  @Max(1_000_000_000_00)
  retail_value_minor!: number;
}

export class BonusEntriesDto {
  @Type(() => Number) @IsInt() @Min(0) @Max(100) purchase: number = 1;
  @Type(() => Number) @IsInt() @Min(0) @Max(100) referral: number = 1;
  @Type(() => Number) @IsInt() @Min(0) @Max(100) share: number = 1;
}

export class RulesDto {
  @Type(() => Number) @IsInt() @Min(13, { message: 'The minimum age is at least 13.' }) @Max(120) min_age!: number;
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
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'State the odds.' }) @MaxLength(2000) odds_statement!: string;
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Describe the free (no purchase) entry method.' })
  @MaxLength(2000)
  free_entry_method!: string;
  @Type(() => Number) @IsInt() @Min(1) @Max(90) claim_window_days: number = 7;
  @Type(() => Number) @IsInt() @Min(0) @Max(50) alternates: number = 3;
  @IsIn(['once', 'daily'], { message: 'Entries are once or daily.' }) entry_period: 'once' | 'daily' = 'once';
  @ValidateNested() @Type(() => BonusEntriesDto) bonus_entries: BonusEntriesDto = new BonusEntriesDto();
}

export class SweepstakesInputDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Give the sweepstakes a title.' }) @MaxLength(160) title!: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(2000) summary: string = '';
  @ValidateNested() @Type(() => RulesDto) rules!: RulesDto;
}

export class AmendmentDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Say what the amendment changes.' })
  @MaxLength(2000)
  summary!: string;
  @IsOptional() @IsISO8601({ strict: true }) effective_at?: string;
  @IsOptional() @IsISO8601({ strict: true }, { message: 'Give the new end as a date and time.' }) ends_at?: string;
  @IsOptional() @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(2000) odds_statement?: string;
  @IsOptional() @Transform(trim) @IsString() @IsNotEmpty() @MaxLength(2000) free_entry_method?: string;
}

export class RegistrationDto {
  @IsISO8601({ strict: true }, { message: 'Give the registration date.' }) registered_on!: string;
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Give the registration reference.' })
  @MaxLength(120)
  reference!: string;
}

export class DrawDto {
  /** A public value fixed after the commitment (e.g. a drand round's randomness); optional. */
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
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
}

export class ClaimDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter your full name.' }) @MaxLength(160) full_name!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter your street address.' }) @MaxLength(200) line1!: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(200) line2?: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter your city.' }) @MaxLength(120) city!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter your state or region.' }) @MaxLength(120) region!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter your postal code.' }) @MaxLength(20) postal_code!: string;
  @Transform(upper) @Matches(/^[A-Z]{2}$/, { message: 'Choose your country.' }) country!: string;
  @IsBoolean({ message: 'Sign the eligibility affidavit.' })
  @Equals(true, { message: 'Sign the eligibility affidavit.' })
  affidavit!: boolean;
}

export class FulfilDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter the tracking number.' }) @MaxLength(200) tracking!: string;
}

export class DisqualifyDto {
  @IsIn(DISQUALIFY_REASONS, { message: 'Choose a reason code.' }) reason_code!: DisqualifyReason;
}

export class AdminListQueryDto extends PageQueryDto {
  @IsOptional() @IsIn(SWEEPSTAKES_STATES, { message: 'Unknown state.' }) state?: SweepstakesState;
}

export class PublicListQueryDto extends PageQueryDto {}
