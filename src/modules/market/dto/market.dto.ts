import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IntBetween, Latitude, Longitude, NumberBetween, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { priceString, toBool } from '../../properties';
import { PRICE_PATTERN, PROPERTY_SECTORS, PROPERTY_STATUSES, PROPERTY_TYPES } from '../../properties';
import { MAX_RADIUS_MILES } from '../geo';
import { MARKET_SORTS } from '../market.repository';
import { MAX_VERTICES } from '../polygon';
import { IsTimeZone } from '../../users';

const NUM = '-?\\d{1,3}(\\.\\d+)?';
/** "lat,lng;lat,lng;...": the corners of a drawn area. */
const POLYGON_PATTERN = new RegExp(`^(${NUM},${NUM};?){3,${MAX_VERTICES + 1}}$`);
/** "south,west,north,east": the map's visible box. */
const BOUNDS_PATTERN = new RegExp(`^${NUM},${NUM},${NUM},${NUM}$`);

const PRICE_MESSAGE = 'Enter a price like 250000.';

/** GET /api/market/search: location text or a centre, a radius in miles, filters, a page. */
export class MarketSearchDto extends PageQueryDto {
  @IsOptional() @Trim() @Text(200) q?: string;
  @IsOptional() @Type(() => Number) @Latitude('The latitude must be a number.') lat?: number;
  @IsOptional() @Type(() => Number) @Longitude('The longitude must be a number.') lng?: number;
  @IsOptional()
  @Type(() => Number)
  @NumberBetween(0.1, MAX_RADIUS_MILES, {
    notNumber: 'The radius must be a number of miles.',
    below: 'The radius must be at least 0.1 miles.',
    above: `The radius may not exceed ${MAX_RADIUS_MILES} miles.`,
  })
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
  /** A drawn area, "lat,lng;lat,lng;..." (3 to 60 corners); replaces the radius. */
  @IsOptional()
  @IsString()
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
  @Matches(POLYGON_PATTERN, { message: 'Draw the area with 3 to 60 corners as "lat,lng;lat,lng;...".' })
  polygon?: string;
  /** The map's visible box, "south,west,north,east"; replaces the radius ("search this area"). */
  @IsOptional()
  @IsString()
  @Matches(BOUNDS_PATTERN, { message: 'Send the map view as "south,west,north,east".' })
  bounds?: string;
  @IsOptional()
  @Type(() => Number)
  @IntBetween(0, 20, { notInt: 'Bedrooms must be a whole number.' })
  beds?: number;
  @IsOptional()
  @Type(() => Number)
  @NumberBetween(0, 20, { notNumber: 'Bathrooms must be a number.' })
  baths?: number;
  @IsOptional() @Transform(toBool) @IsBoolean({ message: 'Send true or false.' }) has_video?: boolean;
  /** The searcher's time zone for "this weekend" (default: the signed-in user's, else UTC). */
  @IsOptional() @IsTimeZone() tz?: string;
  /** Only homes with an open house this weekend. */
  @IsOptional() @Transform(toBool) @IsBoolean({ message: 'Send true or false.' }) open_house?: boolean;
  @IsOptional() @IsIn(MARKET_SORTS, { message: 'Sort by distance, newest, price_asc or price_desc.' }) sort?: string;
}

export class GeocodeDto {
  @Trim()
  @IsString({ message: 'Type a place to look up.' })
  @MinLength(2, { message: 'Type at least two letters.' })
  @MaxLength(200)
  q!: string;
}

/** GET /api/market/basemap: the visible box of a map, for the offline basemap's place labels. */
export class BasemapQueryDto {
  @Type(() => Number) @Latitude() south!: number;
  @Type(() => Number) @Longitude() west!: number;
  @Type(() => Number) @Latitude() north!: number;
  @Type(() => Number) @Longitude() east!: number;
  @IsOptional() @Type(() => Number) @IntBetween(1, 80) limit?: number;
}
