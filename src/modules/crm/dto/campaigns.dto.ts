import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, IsUUID, Matches, ValidateNested } from 'class-validator';
import { FilledText, IntBetween, Latitude, Longitude, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { CodeKind } from '../../../contracts/crm-marketing';
import { MAX_CODES_PER_BATCH } from '../crm.constants';
import { InquiryDto } from './crm.dto';

/** A circle (`lat`, `lng`, `radius_m`) or a polygon (`points`: 3 to 60 [lat, lng] pairs, edges not crossing). */
export class CampaignAreaDto {
  @IsIn(['radius', 'polygon'], { message: 'Choose a circle or a polygon.' }) kind!: 'radius' | 'polygon';
  @MayBeOmitted() @Latitude() lat?: number;
  @MayBeOmitted() @Longitude() lng?: number;
  @MayBeOmitted() @IntBetween(50, 50_000) radius_m?: number;
  @MayBeOmitted() @IsArray() @ArrayMaxSize(60) points?: unknown[];
}

export class CampaignDto {
  @Trim() @FilledText(120, 'Name the campaign.') name!: string;
  @Trim() @MayBeOmitted() @Text(200) headline?: string;
  @IsOptional() @ValidateNested() @Type(() => CampaignAreaDto) area?: CampaignAreaDto | null;
}

export class CampaignUpdateDto {
  @Trim() @MayBeOmitted() @FilledText(120) name?: string;
  @Trim() @MayBeOmitted() @Text(200) headline?: string;
  @IsOptional() @ValidateNested() @Type(() => CampaignAreaDto) area?: CampaignAreaDto | null;
  @MayBeOmitted() @IsArray() @ArrayMaxSize(20) @IsUUID('all', { each: true }) open_house_ids?: string[];
}

export class CodesDto {
  @IsIn(['qr', 'credits'], { message: 'Choose QR or credits codes.' }) kind!: CodeKind;
  @IntBetween(1, MAX_CODES_PER_BATCH) count!: number;
  /** Image credits each code grants (credits codes only; paid by the maker when the codes are made). */
  @MayBeOmitted() @IntBetween(1, 100) credits?: number;
  @IntBetween(1, 365) expires_in_days!: number;
  /** The recipient or the print run. */
  @Trim() @MayBeOmitted() @Text(120) label?: string;
}

export class GiftDto {
  @IsUUID('all', { message: 'Choose a contact.' }) contact_id!: string;
  @IsOptional() @IsUUID() campaign_id?: string | null;
  @Trim() @FilledText(200, 'Say what the gift was.') description!: string;
  @IntBetween(0, 100_000_000) cost_minor!: number;
  @MayBeOmitted() @Matches(/^[A-Z]{3}$/, { message: 'Use a three-letter currency code.' }) currency?: string;
  @MayBeOmitted() @IsISO8601({ strict: true }) sent_at?: string;
}

export class FarmQueryDto extends PageQueryDto {
  @MayBeOmitted() @IsUUID('all', { message: 'Choose a campaign.' }) campaign?: string;
  @MayBeOmitted() @IsIn(['campaigns', 'email', 'open_house', 'gifts']) tab?:
    'campaigns' | 'email' | 'open_house' | 'gifts';
}

/** A public campaign form or a QR code's form: the listing inquiry's fields (with its honeypot) and a token. */
export class CampaignSubmissionDto extends InquiryDto {
  /** The public form's signed anti-forgery token (a QR code's form uses the session's instead). */
  @MayBeOmitted() @Text(120) form_token?: string;
}

export class RedeemQueryDto {
  @MayBeOmitted() @Text(40) code?: string;
}

export class AnalyticsQueryDto {
  @IsOptional() @Type(() => Number) @IsIn([7, 30, 90, 365], { message: 'Choose 7, 30, 90 or 365 days.' }) days?: number;
}
