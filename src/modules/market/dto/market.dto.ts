import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { priceString, trim } from '../../properties';
import { PRICE_PATTERN, PROPERTY_SECTORS, PROPERTY_STATUSES, PROPERTY_TYPES } from '../../properties';
import { MAX_RADIUS_MILES } from '../geo';

const PRICE_MESSAGE = 'Enter a price like 250000.';

/** GET /api/market/search: location text or a centre, a radius in miles, filters, a page. */
export class MarketSearchDto {
  @IsOptional() @Transform(trim) @IsString() @MaxLength(200) q?: string;
  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'The latitude must be a number.' })
  @Min(-90)
  @Max(90)
  lat?: number;
  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'The longitude must be a number.' })
  @Min(-180)
  @Max(180)
  lng?: number;
  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'The radius must be a number of miles.' })
  @Min(0.1, { message: 'The radius must be at least 0.1 miles.' })
  @Max(MAX_RADIUS_MILES, { message: `The radius may not exceed ${MAX_RADIUS_MILES} miles.` })
  radius?: number;
  @IsOptional()
  @Transform(priceString)
  @IsString({ message: PRICE_MESSAGE })
  @Matches(PRICE_PATTERN, { message: PRICE_MESSAGE })
  min_price?: string;
  @IsOptional()
  @Transform(priceString)
  @IsString({ message: PRICE_MESSAGE })
  @Matches(PRICE_PATTERN, { message: PRICE_MESSAGE })
  max_price?: string;
  @IsOptional() @IsIn(PROPERTY_TYPES, { message: 'Choose a valid property type.' }) type?: string;
  @IsOptional() @IsIn(PROPERTY_SECTORS, { message: 'Choose a valid sector.' }) sector?: string;
  @IsOptional() @IsIn(PROPERTY_STATUSES, { message: 'Choose a valid status.' }) status?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(10000) page?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) per_page?: number;
}

export class GeocodeDto {
  @Transform(trim)
  @IsString({ message: 'Type a place to look up.' })
  @MinLength(2, { message: 'Type at least two letters.' })
  @MaxLength(200)
  q!: string;
}

export class SavedSearchParamsDto extends MarketSearchDto {}

export class CreateSavedSearchDto {
  @Transform(trim)
  @IsString({ message: 'Name the search.' })
  @MinLength(1, { message: 'Name the search.' })
  @MaxLength(100)
  name!: string;
  @IsObject({ message: 'Send the search parameters.' })
  @ValidateNested()
  @Type(() => SavedSearchParamsDto)
  params!: SavedSearchParamsDto;
}

/** GET /api/market/basemap: the visible box of a map, for the offline basemap's place labels. */
export class BasemapQueryDto {
  @Type(() => Number) @IsNumber() @Min(-90) @Max(90) south!: number;
  @Type(() => Number) @IsNumber() @Min(-180) @Max(180) west!: number;
  @Type(() => Number) @IsNumber() @Min(-90) @Max(90) north!: number;
  @Type(() => Number) @IsNumber() @Min(-180) @Max(180) east!: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(80) limit?: number;
}
