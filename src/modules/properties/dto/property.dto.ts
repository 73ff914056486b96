import { OmitType } from '@nestjs/swagger';
import type { QueryParams } from '../../../common/pagination';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IntBetween, Latitude, Longitude, Text, Trim } from '../../../common/dto-fields';
import {
  COMPONENT_TYPES,
  DASHBOARD_SORTS,
  DashboardSort,
  MAX_PAGE_SIZE,
  PRICE_PATTERN,
  PROPERTY_SECTORS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PUBLISH_FILTERS,
  PropertySector,
  PropertyStatus,
  PropertyType,
  PublishFilter,
} from '../property.constants';
import { IsTimeZone } from '../../users';

/** Trimmed; an empty string becomes null (clears a nullable field). */
export const trimToNull = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value);
export const upper = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value;
export const toBool = ({ value }: { value: unknown }) =>
  value === true || value === 'true' || value === '1' || value === 1 || value === 'on'
    ? true
    : value === false || value === 'false' || value === '0' || value === 0
      ? false
      : value;
/** Numbers become decimal strings so a price never passes through a float on its way to numeric(14,2). */
export const priceString = ({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string'
      ? value.trim().replace(/,/g, '') || null
      : value;
const upperList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v)) : value;

/** For fields that may be left out but never cleared: present means validated (null included). */
const Present = (field: string) => ValidateIf((o: Record<string, unknown>) => o[field] !== undefined);

const PRICE_MESSAGE = 'Enter a price like 450000 or 450000.50 (up to 12 digits).';

/** POST /api/properties/{slug}: spec 3 fields; fields left undefined are dropped (not changed). */
export class UpdatePropertyDto {
  @Present('name')
  @Trim()
  @IsString({ message: 'The name is required.' })
  @MinLength(1, { message: 'The name may not be empty.' })
  @MaxLength(160)
  name?: string;
  @IsOptional() @Transform(trimToNull) @Text(10000) description?: string | null;
  @IsOptional()
  @Transform(priceString)
  @IsString({ message: PRICE_MESSAGE })
  @Matches(PRICE_PATTERN, { message: PRICE_MESSAGE })
  price?: string | null;
  @Present('currency')
  @Transform(upper)
  @IsString({ message: 'Choose a currency.' })
  @Length(3, 10, { message: 'Choose a currency.' })
  currency?: string;
  @Present('accepted_currencies')
  @Transform(upperList)
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  accepted_currencies?: string[];
  @Present('accepted_cryptocurrencies')
  @Transform(upperList)
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  accepted_cryptocurrencies?: string[];
  @IsOptional() @Transform(trimToNull) @Text(400) full_address?: string | null;
  @IsOptional() @Transform(trimToNull) @Text(200) address?: string | null;
  @IsOptional() @Transform(trimToNull) @Text(200) address_line_2?: string | null;
  @IsOptional() @Transform(trimToNull) @Text(100) city?: string | null;
  @IsOptional() @Transform(trimToNull) @Text(100) state?: string | null;
  @IsOptional() @Transform(trimToNull) @Text(20) zip?: string | null;
  @IsOptional() @Transform(trimToNull) @Text(100) country?: string | null;
  @IsOptional()
  @Transform(upper)
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'Use a two-letter country code.' })
  country_code?: string | null;
  @IsOptional()
  @Type(() => Number)
  @Latitude('The latitude must be a number.')
  latitude?: number | null;
  @IsOptional()
  @Type(() => Number)
  @Longitude('The longitude must be a number.')
  longitude?: number | null;
  /** The listing's market time zone (IANA, e.g. America/Chicago); null or left unset: unknown. */
  @IsOptional() @Transform(trimToNull) @IsTimeZone() time_zone?: string | null;
  @IsOptional() @IsIn(PROPERTY_TYPES, { message: 'Choose a valid property type.' }) type?: PropertyType | null;
  @IsOptional() @IsIn(PROPERTY_SECTORS, { message: 'Choose a valid sector.' }) sector?: PropertySector | null;
  @Present('status') @IsIn(PROPERTY_STATUSES, { message: 'Choose a valid status.' }) status?: PropertyStatus;
  @Present('is_private') @Transform(toBool) @IsBoolean() is_private?: boolean;
  /** Archive (true) or bring back to drafts/published (false). */
  @Present('archived') @Transform(toBool) @IsBoolean() archived?: boolean;
  /** Publishing goes through POST .../publish/ (it checks the property is complete); accepted here only as the same toggle. */
  @Present('publish') @Transform(toBool) @IsBoolean() publish?: boolean;
}

/**
 * POST /api/properties: the editor's first save (a name, or the fields of the step being saved); the draft is made
 * then, not when the editor opens. Publishing and archiving come later, through their own calls.
 */
export class CreatePropertyDto extends OmitType(UpdatePropertyDto, ['name', 'archived', 'publish'] as const) {
  @IsOptional()
  @Trim()
  @IsString()
  @MinLength(1, { message: 'The name may not be empty.' })
  @MaxLength(160)
  name?: string;
}

export class PublishDto {
  /** Omitted: toggles. */
  @Present('publish') @Transform(toBool) @IsBoolean() publish?: boolean;
}

export class AnimationDto {
  @Trim() @IsString() @MinLength(1) @MaxLength(40) type!: string;
  @IsOptional() @Text(60) target?: string;
  @IsOptional() @IntBetween(0, 60000) duration_ms?: number;
  @IsOptional() @IntBetween(0, 60000) delay_ms?: number;
  @IsOptional() @IsObject() options?: Record<string, unknown>;
}

export class AnimationsDto {
  @IsArray({ message: 'Send a list of animations.' })
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => AnimationDto)
  animations!: AnimationDto[];
}

export class ComponentDto {
  @IsObject({ message: 'The content must be an object.' }) content!: Record<string, unknown>;
}

export class UploadPhotoDto {
  @IsOptional() @IsString() component_id?: string;
  @IsOptional() @Transform(toBool) @IsBoolean() featured?: boolean;
}

export class DashboardQueryDto {
  @IsOptional() @IsIn(PUBLISH_FILTERS, { message: 'Choose a valid publish filter.' }) publish?: PublishFilter;
  @IsOptional() @Trim() @Text(100) search?: string;
  @IsOptional() @IsIn(DASHBOARD_SORTS, { message: 'Choose a valid sort.' }) sort?: DashboardSort;
  @IsOptional() @Type(() => Number) @IntBetween(1, MAX_PAGE_SIZE) count?: number;
  @IsOptional() @Type(() => Number) @IntBetween(1, 100000) page?: number;
  /** mine: the user's own properties; team: every property of the current team. */
  @IsOptional() @IsIn(['mine', 'team'], { message: 'Choose mine or team.' }) scope?: 'mine' | 'team';

  /** The page asked for and its size (the dashboard's default when no count is sent). */
  window(defaultPerPage: number): { page: number; perPage: number } {
    return { page: this.page ?? 1, perPage: this.count ?? defaultPerPage };
  }

  /** The filters the page links carry (the search trimmed; `all` is the default, so it is left out). */
  linkParams(): QueryParams {
    return {
      publish: this.publish === 'all' ? undefined : this.publish,
      search: this.search?.trim(),
      sort: this.sort,
      count: this.count,
      scope: this.scope,
    };
  }
}

export const COMPONENT_TYPE_LIST = COMPONENT_TYPES;

/**
 * The property and listing dashboards' page query: the filters the page opens with. Anything unknown opens the
 * defaults (all, no search, newest), never an error.
 */
export class DashboardPageQueryDto {
  @IsOptional() @IsString() publish?: string;
  @IsOptional() @IsString() search?: string;
  @IsOptional() @IsString() sort?: string;
  @IsOptional() @IsString() scope?: string;

  filters(): { publish: PublishFilter; search: string; sort: DashboardSort; scope: 'mine' | 'team' } {
    return {
      publish: PUBLISH_FILTERS.includes(this.publish as PublishFilter) ? (this.publish as PublishFilter) : 'all',
      search: this.search ?? '',
      sort: DASHBOARD_SORTS.includes(this.sort as DashboardSort) ? (this.sort as DashboardSort) : 'newest',
      scope: this.scope === 'team' ? 'team' : 'mine',
    };
  }
}

/** The editor opens on the step asked for, else the first. */
export class EditorQueryDto {
  @IsOptional() @IsString() step?: string;
}
