import { Transform, Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ApplyDto {
  @IsOptional()
  @Transform(trim)
  @IsUrl({ require_protocol: true }, { message: 'Enter the full address of your website, starting with https://.' })
  @MaxLength(300)
  website?: string;

  @Transform(trim)
  @IsString()
  @Length(10, 2000, { message: 'Tell us about your audience in 10 to 2,000 characters.' })
  audience!: string;

  @IsIn(['manual', 'paypal', 'crypto'], { message: 'Choose how you want to be paid.' })
  payout_method!: 'manual' | 'paypal' | 'crypto';

  @ValidateIf((o: ApplyDto) => o.payout_method !== 'manual')
  @Transform(trim)
  @IsString({ message: 'Enter where we should send your payouts.' })
  @Length(3, 200, { message: 'Enter where we should send your payouts.' })
  payout_destination?: string;

  /** Typed a second time: a mistyped wallet address loses the money for good. */
  @ValidateIf((o: ApplyDto) => o.payout_method !== 'manual')
  @Transform(trim)
  @IsString({ message: 'Type the payout destination a second time.' })
  payout_destination_confirmation?: string;

  @Type(() => Number)
  @IsInt({ message: 'Accept the current programme guidelines.' })
  accepted_guidelines_version!: number;

  @IsOptional()
  @Transform(trim)
  @Matches(/^[a-z0-9-]{3,32}$/i, { message: 'That recruiter code does not look right.' })
  recruiter_code?: string;
}

export class PayoutSettingsDto {
  @IsIn(['manual', 'paypal', 'crypto'], { message: 'Choose how you want to be paid.' })
  payout_method!: 'manual' | 'paypal' | 'crypto';

  @ValidateIf((o: PayoutSettingsDto) => o.payout_method !== 'manual')
  @Transform(trim)
  @IsString({ message: 'Enter where we should send your payouts.' })
  @Length(3, 200, { message: 'Enter where we should send your payouts.' })
  payout_destination?: string;

  @ValidateIf((o: PayoutSettingsDto) => o.payout_method !== 'manual')
  @Transform(trim)
  @IsString({ message: 'Type the payout destination a second time.' })
  payout_destination_confirmation?: string;
}

export class AcceptGuidelinesDto {
  @Type(() => Number)
  @IsInt({ message: 'Accept the current programme guidelines.' })
  version!: number;
}

export class CreateLinkDto {
  @Transform(trim)
  @Matches(/^\/(?!\/)[^\s\\]{0,499}$/, { message: 'Link to a page of this site, such as /feed or /marketplace.' })
  destination!: string;

  @IsOptional()
  @Transform(trim)
  @Matches(/^[a-z0-9_-]{1,60}$/i, { message: 'A campaign tag uses letters, digits, - and _ (up to 60).' })
  campaign?: string;
}

export class ReasonDto {
  @Transform(trim)
  @IsString()
  @Length(3, 500, { message: 'Give a reason of 3 to 500 characters.' })
  reason!: string;
}

export class GuidelinesDto {
  @Transform(trim)
  @IsString()
  @Length(20, 20_000, { message: 'The guidelines need 20 to 20,000 characters.' })
  body!: string;
}

export class MinimumPayoutDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'The minimum is a whole number of cents.' })
  @Min(0)
  @Max(100_000_000)
  minimum_payout_minor?: number | null;
}

export class MaterialDto {
  @Transform(trim)
  @Length(2, 120, { message: 'Give the material a title of 2 to 120 characters.' })
  title!: string;

  @IsOptional()
  @Transform(trim)
  @MaxLength(5000)
  body?: string;
}

export class TaxFormDto {
  @IsIn(['w9', 'w8ben'], { message: 'Choose W-9 (US persons) or W-8BEN (everyone else).' })
  kind!: 'w9' | 'w8ben';
}

export class ReviewTaxFormDto {
  @IsIn(['approved', 'rejected'])
  status!: 'approved' | 'rejected';

  @IsOptional()
  @Transform(trim)
  @MaxLength(500)
  note?: string;
}

export class AffiliatesQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected', 'banned'])
  status?: 'pending' | 'approved' | 'rejected' | 'banned';

  @IsOptional()
  @Transform(trim)
  @MaxLength(100)
  search?: string;
}
