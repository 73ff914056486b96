import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { FilledText, IntBetween, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { ContactStage, DisputeKind, LeadSource, RoutingTarget } from '../../../contracts/crm';
import {
  CONTACT_STAGES,
  EXTERNAL_SOURCES,
  INTAKE_BATCH_MAX,
  LEAD_SOURCES,
  MARKET_CURRENCIES,
  MARKET_MAX_BUYERS,
  OFFER_TIMELINES,
} from '../crm.constants';

const TARGETS: RoutingTarget[] = ['agent', 'round_robin', 'first_to_claim'];

export class ContactsQueryDto extends PageQueryDto {
  @MayBeOmitted() @Text(100) q?: string;
  @MayBeOmitted() @IsIn(['', ...CONTACT_STAGES]) stage?: string;
  @MayBeOmitted() @Text(40) tag?: string;
  @MayBeOmitted() @IsIn(['', ...LEAD_SOURCES]) source?: string;
  @MayBeOmitted() @Matches(/^$|^[0-9a-f-]{36}$/i, { message: 'Choose an agent of the team.' }) agent?: string;

  filters() {
    return {
      q: this.q ?? '',
      stage: this.stage ?? '',
      tag: this.tag ?? '',
      source: this.source ?? '',
      agent: this.agent ?? '',
    };
  }
}

/** What a person writes in "contact the agent" on a listing. `website` is a honeypot people never see. */
export class InquiryDto {
  @Trim() @FilledText(200, 'Tell the agent your name.') name!: string;
  @Trim() @IsOptional() @Text(320) email?: string | null;
  @Trim() @IsOptional() @Text(40) phone?: string | null;
  @Trim() @MayBeOmitted() @Text(2000) message?: string;
  @Text(40) consent_version!: string;
  @MayBeOmitted() @Text(200) website?: string;
}

/** A lead from an outside source on the signed intake endpoint. */
export class ExternalLeadDto {
  /** The submission's id in the sending system: the same id twice is one lead. */
  @FilledText(120) external_id!: string;
  @MayBeOmitted() @IsIn(EXTERNAL_SOURCES) source?: LeadSource;
  @Trim() @Text(200) name!: string;
  @IsOptional() @Text(320) email?: string | null;
  @IsOptional() @Text(40) phone?: string | null;
  @MayBeOmitted() @Text(2000) message?: string;
  @IsOptional() @Text(40) consent_version?: string | null;
  @IsOptional() @Text(20) zip?: string | null;
  @IsOptional() @IsInt() @Min(0) price_minor?: number | null;
  @IsOptional() @Text(32) property_type?: string | null;
  @MayBeOmitted() @IsArray() @ArrayMaxSize(20) @IsString({ each: true }) @MaxLength(40, { each: true }) tags?: string[];
}

/** Up to INTAKE_BATCH_MAX leads in one signed request, each with the single endpoint's fields. */
export class ExternalLeadBatchDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(INTAKE_BATCH_MAX)
  @ValidateNested({ each: true })
  @Type(() => ExternalLeadDto)
  leads!: ExternalLeadDto[];
}

export class NoteDto {
  @Trim() @FilledText(5000, 'Write something.') body!: string;
}

export class StageDto {
  @IsIn(CONTACT_STAGES, { message: 'Choose a stage.' }) stage!: ContactStage;
}

export class TagsDto {
  @IsArray() @ArrayMaxSize(30) @IsString({ each: true }) @MaxLength(40, { each: true }) tags!: string[];
}

export class NewTaskDto {
  @Trim() @FilledText(200, 'Name the task.') title!: string;
  @IsISO8601({ strict: true }, { message: 'Give a due date and time.' }) due_at!: string;
}

export class TaskDoneDto {
  @IsBoolean() done!: boolean;
}

export class MergeDto {
  @IsUUID('all', { message: 'Choose the contact to merge into this one.' }) merge_id!: string;
}

export class PausedDto {
  @IsBoolean() paused!: boolean;
}

export class RoutingRuleDto {
  @Trim() @FilledText(80) name!: string;
  @IsOptional() @IsIn(LEAD_SOURCES) source?: LeadSource | null;
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(20, { each: true })
  zips?: string[];
  @IsOptional() @IsInt() @Min(0) price_min_minor?: number | null;
  @IsOptional() @IsInt() @Min(0) price_max_minor?: number | null;
  @IsOptional() @Text(32) property_type?: string | null;
  @IsIn(TARGETS) target!: RoutingTarget;
  @IsArray() @ArrayMaxSize(50) @IsUUID('all', { each: true }) agent_ids!: string[];
}

export class RoutingRulesDto {
  @IsArray() @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => RoutingRuleDto) rules!: RoutingRuleDto[];
}

export class LeadsPageDto extends PageQueryDto {}

export class SettingsDto {
  @MayBeOmitted() @IntBetween(1, 10080) speed_to_lead_minutes?: number;
  @MayBeOmitted() @IsBoolean() follows_as_leads?: boolean;
}

/** Priced in image credits (`price_credits`) or in money (`price_minor` in `currency`, sold through commerce). */
export class OfferLeadDto {
  @ValidateIf((o: OfferLeadDto) => o.price_minor === undefined)
  @IntBetween(1, 1000, { notInt: 'Price the lead in credits or in money.' })
  price_credits?: number;
  @MayBeOmitted() @IntBetween(100, 100_000_00) price_minor?: number;
  @ValidateIf((o: OfferLeadDto) => o.price_minor !== undefined)
  @IsIn([...MARKET_CURRENCIES], { message: 'Choose a currency.' })
  currency?: string;
  @IsIn([...OFFER_TIMELINES]) timeline!: string;
  /** 1 (left out): exclusive; more: shared, each of up to this many books buying its own copy. */
  @MayBeOmitted() @IntBetween(1, MARKET_MAX_BUYERS) max_buyers?: number;
}

export class RefundSaleDto {
  /** Which buyer's disputed sale (needed only when a shared offer has more than one disputed sale). */
  @MayBeOmitted() @IsUUID() sale_id?: string;
}

export class DisputeDto {
  @Trim() @FilledText(1000) reason!: string;
  /** A duplicate or an invalid phone is checked and refunded at once; other reasons wait for the seller or an admin. */
  @MayBeOmitted() @IsIn(['duplicate', 'invalid_phone', 'other']) kind?: DisputeKind;
}

export class MarketplacePageDto extends PageQueryDto {}
