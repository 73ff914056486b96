import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IntBetween, TextBetween, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';

/** How an affiliate is paid; the destination is typed twice because a mistyped wallet loses the money. */
export class PayoutSettingsDto {
  @IsIn(['manual', 'paypal', 'crypto'], { message: 'Choose how you want to be paid.' })
  payout_method!: 'manual' | 'paypal' | 'crypto';

  @ValidateIf((o: PayoutSettingsDto) => o.payout_method !== 'manual')
  @Trim()
  @IsString({ message: 'Enter where we should send your payouts.' })
  @Length(3, 200, { message: 'Enter where we should send your payouts.' })
  payout_destination?: string;

  @ValidateIf((o: PayoutSettingsDto) => o.payout_method !== 'manual')
  @Trim()
  @IsString({ message: 'Type the payout destination a second time.' })
  payout_destination_confirmation?: string;
}

/** An application: the payout settings plus who the affiliate is and which guidelines they accepted. */
export class ApplyDto extends PayoutSettingsDto {
  @IsOptional()
  @Trim()
  @IsUrl({ require_protocol: true }, { message: 'Enter the full address of your website, starting with https://.' })
  @MaxLength(300)
  website?: string;

  @Trim()
  @TextBetween(10, 2000, 'Tell us about your audience in 10 to 2,000 characters.')
  audience!: string;

  @Type(() => Number)
  @IsInt({ message: 'Accept the current programme guidelines.' })
  accepted_guidelines_version!: number;

  @IsOptional()
  @Trim()
  @Matches(/^[a-z0-9-]{3,32}$/i, { message: 'That recruiter code does not look right.' })
  recruiter_code?: string;
}

export class AcceptGuidelinesDto {
  @Type(() => Number)
  @IsInt({ message: 'Accept the current programme guidelines.' })
  version!: number;
}

export class CreateLinkDto {
  @Trim()
  @Matches(/^\/(?!\/)[^\s\\]{0,499}$/, { message: 'Link to a page of this site, such as /feed or /marketplace.' })
  destination!: string;

  @IsOptional()
  @Trim()
  @Matches(/^[a-z0-9_-]{1,60}$/i, { message: 'A campaign tag uses letters, digits, - and _ (up to 60).' })
  campaign?: string;
}

export class ReasonDto {
  @Trim()
  @TextBetween(3, 500, 'Give a reason of 3 to 500 characters.')
  reason!: string;
}

export class GuidelinesDto {
  @Trim()
  @TextBetween(20, 20_000, 'The guidelines need 20 to 20,000 characters.')
  body!: string;
}

export class MinimumPayoutDto {
  @IsOptional()
  @Type(() => Number)
  @IntBetween(0, 100_000_000, { notInt: 'The minimum is a whole number of cents.' })
  minimum_payout_minor?: number | null;
}

export class MaterialDto {
  @Trim()
  @Length(2, 120, { message: 'Give the material a title of 2 to 120 characters.' })
  title!: string;

  @IsOptional()
  @Trim()
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
  @Trim()
  @MaxLength(500)
  note?: string;
}

export class AffiliatesQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected', 'banned'])
  status?: 'pending' | 'approved' | 'rejected' | 'banned';

  @IsOptional()
  @Trim()
  @MaxLength(100)
  search?: string;
}
