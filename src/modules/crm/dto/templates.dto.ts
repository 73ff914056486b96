import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsOptional, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { FilledText, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { TemplateKind } from '../../../contracts/crm-marketing';
import { CONTACT_STAGES } from '../crm.constants';

export class TemplateDto {
  @IsIn(['email', 'flyer', 'social'], { message: 'Choose email, flyer or social post.' }) kind!: TemplateKind;
  @Trim() @FilledText(120, 'Name the template.') name!: string;
  @Trim() @MayBeOmitted() @Text(200) subject?: string;
  @FilledText(20_000, 'Write the template.') body!: string;
}

/** A live preview: the template as typed, filled from a contact and/or a property (or sample values). */
export class PreviewDto {
  @MayBeOmitted() @Text(200) subject?: string;
  @Text(20_000) body!: string;
  @IsOptional() @IsUUID() contact_id?: string | null;
  @IsOptional() @Text(200) property_slug?: string | null;
}

/** Who gets the email: chosen contacts, or a segment by stage and/or tag (at most 500 a send). */
export class SendDto {
  @MayBeOmitted() @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) contact_ids?: string[];
  @MayBeOmitted() @IsIn(CONTACT_STAGES) stage?: string;
  @MayBeOmitted() @Text(40) tag?: string;
}

export class TemplatesPageDto extends PageQueryDto {}

/** One email template sent to one contact (Contacts/Show). */
export class ContactEmailDto {
  @IsUUID('all', { message: 'Choose a template.' }) template_id!: string;
}

/** A mail provider's bounce or complaint (signed webhook); `id` is the provider's event id. */
export class MailEventDto {
  @FilledText(200) id!: string;
  @IsIn(['bounce', 'complaint']) type!: 'bounce' | 'complaint';
  @ValidateIf((e: MailEventDto) => e.type === 'bounce')
  @IsIn(['hard', 'soft'], { message: 'A bounce is hard or soft.' })
  bounce_type?: 'hard' | 'soft';
  @IsEmail() @MaxLength(320) email!: string;
  /** The `X-Reelty-Send` header of the bounced mail, when the provider reports it. */
  @IsOptional() @IsUUID() send_id?: string | null;
}
