import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsISO8601, IsOptional, IsString, IsUUID, Matches, ValidateIf } from 'class-validator';
import { IntBetween, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import type { DiscountKind } from '../../../contracts/commerce';
import { MAX_MINOR } from './commerce.dto';

/** A code people type: letters, digits, '-' and '_', 3 to 32 characters (stored upper-case). */
const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/;

export class ApplyDiscountDto {
  @Trim()
  @IsString({ message: 'Enter a discount code.' })
  @Matches(CODE, { message: 'Discount codes are 3 to 32 letters, digits, - or _.' })
  code!: string;
}

export class CreateDiscountDto {
  @Trim()
  @IsString({ message: 'Enter the code.' })
  @Matches(CODE, { message: 'A code is 3 to 32 letters, digits, - or _, starting with a letter or digit.' })
  code!: string;
  @IsOptional() @Text(160) description?: string;
  @IsIn(['percent', 'fixed'], { message: 'Choose a percentage or a fixed amount.' }) kind!: DiscountKind;
  @ValidateIf((d: CreateDiscountDto) => d.kind === 'percent')
  @Type(() => Number)
  @IntBetween(1, 100, 'The percentage is a whole number from 1 to 100.')
  percent_off?: number;
  @ValidateIf((d: CreateDiscountDto) => d.kind === 'fixed')
  @Type(() => Number)
  @IntBetween(1, MAX_MINOR, { notInt: 'Enter the amount off, such as 5 or 4.50.', below: 'Take off at least 1 cent.' })
  amount_off_minor?: number;
  @IsOptional() @IsIn(['USD'], { message: 'The shop sells in USD.' }) currency?: string;
  @IsOptional() @IsUUID('all', { message: 'Choose a product.' }) product_id?: string;
  @IsOptional() @IsString() @Matches(/^[a-z0-9-]{1,40}$/, { message: 'Choose a category.' }) category?: string;
  @IsOptional() @IsISO8601({}, { message: 'The start must be a date and time.' }) starts_at?: string;
  @IsOptional() @IsISO8601({}, { message: 'The end must be a date and time.' }) ends_at?: string;
  @IsOptional()
  @Type(() => Number)
  @IntBetween(1, 1_000_000, 'The limit is a whole number of uses, at least 1.')
  max_uses?: number;
  @IsOptional()
  @Type(() => Number)
  @IntBetween(1, 1_000, 'The limit per customer is a whole number, at least 1.')
  max_uses_per_customer?: number;
  @IsOptional()
  @Trim()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: 'Enter the affiliate’s referral code.' })
  affiliate_code?: string;
}

export class UpdateDiscountDto {
  @IsOptional() @IsBoolean({ message: 'Active is true or false.' }) active?: boolean;
  /** Ends the code at this time (null: no end). */
  @IsOptional() @IsISO8601({}, { message: 'The end must be a date and time.' }) ends_at?: string | null;
}

export class DiscountsPageQueryDto extends PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IntBetween(1, 10_000, { notInt: 'The page is a whole number.', below: 'Pages start at 1.' })
  redemptions_page?: number;
}
