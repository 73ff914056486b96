import { Type } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, ValidateNested } from 'class-validator';
import { FilledText, IntBetween, Text, TextBetween } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import type {
  Department,
  FulfilmentStatus,
  OrderStatus,
  PaymentStatus,
  ProductKind,
  ReturnStatus,
} from '../../../contracts/commerce';

/** The largest amount any field accepts (minor units): keeps sums far inside exact integer range. */
export const MAX_MINOR = 100_000_000_00;
export const MAX_QUANTITY = 99;

/** How many of a product one cart line may hold: a boost is for one listing and a style pack is held once. */
export function maxQuantityOf(kind: ProductKind): number {
  return kind === 'listing_boost' || kind === 'style_pack' ? 1 : MAX_QUANTITY;
}
const QUANTITY_MESSAGES = {
  notInt: 'The quantity must be a whole number.',
  below: 'The quantity must be at least 1.',
  above: `The quantity may be at most ${MAX_QUANTITY}.`,
};

export class ProductQueryDto extends PageQueryDto {
  @IsOptional() @Text(100) q?: string;
  @IsOptional()
  @IsIn(['ai', 'real_estate'], { message: 'The department is ai or real_estate.' })
  department?: Department;
  @IsOptional() @IsString() @Matches(/^[a-z0-9-]{1,40}$/, { message: 'Unknown category.' }) category?: string;
  @IsOptional()
  @Type(() => Number)
  @IntBetween(0, MAX_MINOR, {
    notInt: 'The minimum price is a whole number of cents.',
    below: 'The minimum price cannot be negative.',
  })
  min_price?: number;
  @IsOptional()
  @Type(() => Number)
  @IntBetween(0, MAX_MINOR, {
    notInt: 'The maximum price is a whole number of cents.',
    below: 'The maximum price cannot be negative.',
  })
  max_price?: number;
}

/** Digital purchases: the entitlements' page, and the listing boosts' own page. */
export class DigitalPurchasesQueryDto extends PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IntBetween(1, 10_000, { notInt: 'The page is a whole number.', below: 'Pages start at 1.' })
  boosts_page?: number;
}

export class AddCartItemDto {
  @IsUUID('all', { message: 'Choose a product option.' }) variant_id!: string;
  /** A listing boost's listing: one of the buyer's own listings in market search. */
  @IsOptional() @IsUUID('all', { message: 'Choose the listing to boost.' }) property_id?: string;
  @Type(() => Number) @IntBetween(1, MAX_QUANTITY, QUANTITY_MESSAGES) quantity!: number;
}

export class UpdateCartItemDto {
  @Type(() => Number) @IntBetween(1, MAX_QUANTITY, QUANTITY_MESSAGES) quantity!: number;
}

export class ShippingAddressDto {
  @FilledText(120, 'Enter the recipient’s name.') name!: string;
  @FilledText(200, 'Enter the street address.') line1!: string;
  @IsOptional() @Text(200) line2?: string;
  @FilledText(100, 'Enter the city.') city!: string;
  @Text(100) state!: string;
  @FilledText(20, 'Enter the postal code.') zip!: string;
  @TextBetween(2, 2, 'Use the two-letter country code.') country_code!: string;
}

export class CheckoutDto {
  @IsOptional() @IsUUID('all', { message: 'Choose one of your saved addresses.' }) address_id?: string;
  @IsOptional() @ValidateNested() @Type(() => ShippingAddressDto) shipping_address?: ShippingAddressDto;
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'That referral code is not valid.' })
  referral_code?: string;
  @IsOptional()
  @Type(() => Number)
  @IntBetween(0, MAX_MINOR, { notInt: 'The expected total is a whole number of cents.' })
  expected_total_minor?: number;
}

export class RefundLineDto {
  @IsUUID('all', { message: 'Unknown order line.' }) line_id!: string;
  @Type(() => Number)
  @IntBetween(1, MAX_MINOR, { notInt: 'Refund amounts are whole numbers of cents.', below: 'Refund at least 1 cent.' })
  amount_minor!: number;
}

export class RefundDto {
  @IsOptional()
  @Type(() => Number)
  @IntBetween(1, MAX_MINOR, { notInt: 'The amount is a whole number of cents.', below: 'Refund at least 1 cent.' })
  amount_minor?: number;
  @IsOptional() @ValidateNested({ each: true }) @ArrayMaxSize(100) @Type(() => RefundLineDto) lines?: RefundLineDto[];
  @IsOptional() @Text(300) reason?: string;
  /** Puts the units of every line this refund completes back in stock (nothing was delivered, nothing came back). */
  @IsOptional() @IsBoolean({ message: 'Restock is true or false.' }) restock?: boolean;
}

export class FulfilOrderDto {
  @FilledText(60, 'Enter the carrier.') carrier!: string;
  @FilledText(120, 'Enter the tracking number.') tracking_number!: string;
}

export class ReturnRequestDto {
  @FilledText(1000, 'Say why you are returning this order.') reason!: string;
}

export class ReturnDecisionDto {
  @IsIn(['approved', 'declined', 'received'], { message: 'Choose approve, decline or received.' }) status!:
    'approved' | 'declined' | 'received';
}

export class MessageDto {
  @FilledText(4000, 'Write a message.') body!: string;
}

export class AdminOrderQueryDto extends PageQueryDto {
  @IsOptional() @Text(100) q?: string;
  @IsOptional()
  @IsIn(['placed', 'paid', 'partially_fulfilled', 'fulfilled', 'cancelled', 'expired'])
  status?: OrderStatus;
  @IsOptional() @IsIn(['pending', 'paid', 'partially_refunded', 'refunded', 'failed']) payment_status?: PaymentStatus;
  @IsOptional() @IsIn(['unfulfilled', 'fulfilled']) fulfilment_status?: FulfilmentStatus;
  @IsOptional() @IsIn(['requested', 'approved', 'received', 'refunded', 'declined']) return_status?: ReturnStatus;
}

export class LocalPayOutcomeDto {
  @IsIn(['succeed', 'fail', 'abandon'], { message: 'Choose pay, fail or abandon.' }) outcome!:
    'succeed' | 'fail' | 'abandon';
}

export class SuccessQueryDto {
  @FilledText(255) session_id!: string;
}

export class DownloadQueryDto {
  @IsOptional() @Text(20) expires?: string;
  @IsOptional() @Text(128) signature?: string;
}
