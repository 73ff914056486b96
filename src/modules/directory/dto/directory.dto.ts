import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsUrl, Matches, MaxLength } from 'class-validator';
import { IntBetween, Latitude, Longitude, NumberBetween, Text, TextBetween } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';

export const OFFERING_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'];
const SLUG = /^[a-z0-9-]{1,40}$/;

/** Search the directory: words, an industry's slug and a city (all optional). */
export class DirectoryQueryDto extends PageQueryDto {
  @MayBeOmitted()
  @Text(100, 'Search for at most 100 characters.')
  q?: string;

  @MayBeOmitted()
  @Matches(SLUG, { message: 'Choose an industry from the list.' })
  industry?: string;

  @MayBeOmitted()
  @Text(80)
  city?: string;

  /** Distance search: providers within `within_km` of this point (or of the place named by `near`). */
  @MayBeOmitted() @Type(() => Number) @Latitude('The latitude must be a number.') near_lat?: number;

  @MayBeOmitted() @Type(() => Number) @Longitude('The longitude must be a number.') near_lng?: number;

  /** A city or place to search around (geocoded as the market map's search box is). */
  @MayBeOmitted()
  @TextBetween(2, 100, 'Name a city or place (2 to 100 characters).')
  near?: string;

  @MayBeOmitted()
  @Type(() => Number)
  @NumberBetween(1, 500, {
    notNumber: 'The distance must be a number of kilometres.',
    below: 'Search at least 1 km around.',
    above: 'Search at most 500 km around.',
  })
  within_km?: number;
}

/** A provider's own profile (created the first time it is saved: claiming a place in the directory). */
export class ProviderProfileDto {
  @Matches(SLUG, { message: 'Choose an industry from the list.' })
  industry!: string;

  @TextBetween(2, 120, 'The business name must be 2 to 120 characters.')
  name!: string;

  @MayBeOmitted()
  @Text(200, 'The headline may be at most 200 characters.')
  headline?: string;

  @MayBeOmitted()
  @Text(4000, 'The description may be at most 4,000 characters.')
  bio?: string;

  @MayBeOmitted()
  @Text(80)
  city?: string;

  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'Enter a web address starting with https://.' },
  )
  @MaxLength(300)
  website?: string | null;

  @IsOptional()
  @TextBetween(3, 60, 'The licence number must be 3 to 60 characters.')
  licence_number?: string | null;
}

/** An offering's fields other than its title (required on create, optional on update: declared in each subclass). */
class OfferingDetailsDto {
  @MayBeOmitted()
  @Text(2000, 'The description may be at most 2,000 characters.')
  description?: string;

  /** The price in minor units (cents); null or left out: priced on request. */
  @IsOptional()
  @IntBetween(0, 100_000_000, {
    notInt: 'The price is a whole number of cents.',
    below: 'The price cannot be negative.',
    above: 'The price may be at most 1,000,000.00.',
  })
  price_minor?: number | null;

  @MayBeOmitted()
  @IsIn(OFFERING_CURRENCIES, { message: 'Choose a currency from the list.' })
  currency?: string;
}

export class OfferingDto extends OfferingDetailsDto {
  @TextBetween(2, 120, 'The title must be 2 to 120 characters.')
  title!: string;
}

export class UpdateOfferingDto extends OfferingDetailsDto {
  @MayBeOmitted()
  @TextBetween(2, 120, 'The title must be 2 to 120 characters.')
  title?: string;
}

export class VerifyProviderDto {
  @IsBoolean({ message: 'verified is true or false.' })
  verified!: boolean;
}

/** A review: 1 to 5 stars and optional text (sanitised rich text). */
export class ReviewDto {
  @IntBetween(1, 5, 'Give 1 to 5 stars.')
  rating!: number;

  @MayBeOmitted()
  @Text(5000, 'A review may be at most 5,000 characters.')
  body_html?: string;
}
