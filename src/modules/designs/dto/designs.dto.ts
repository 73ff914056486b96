import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { FilledText, IntBetween, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { DESIGN_SIDES, type DesignSide } from '../entities';

/** JSON text (multipart forms) or an object; anything else is left for the validator to refuse. */
const parseJsonObject = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  if (!value.trim()) return {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const toBool = ({ value }: { value: unknown }) =>
  value === true || value === 'true' || value === '1' || value === 1
    ? true
    : value === false || value === 'false' || value === '0' || value === 0
      ? false
      : value;

/** Spec 3 "Designer options". */
export class DesignOptionsDto {
  @IsOptional() @Trim() @Text(60) roomType?: string;
  @IsOptional() @Trim() @Text(60) designer?: string;
  @IsOptional() @Trim() @Text(120) location?: string;
  @IsOptional() @Trim() @Text(60) theme?: string;
  @IsOptional() @Trim() @Text(200) colors?: string;
  @IsOptional() @Trim() @Text(1000) customPrompt?: string;
}

/**
 * Optional design options: an object, or JSON text of one, validated as DesignOptionsDto. The list reads
 * bottom-up (applyDecorators applies in order), as the stacked decorators it replaces did.
 */
const OptionalDesignOptions = (objectMessage?: string) =>
  applyDecorators(
    Type(() => DesignOptionsDto),
    ValidateNested(),
    IsObject(objectMessage ? { message: objectMessage } : undefined),
    Transform(parseJsonObject),
    IsOptional(),
  );

export class GenerateDesignDto {
  @OptionalDesignOptions('The options must be an object.') options?: DesignOptionsDto;
  @IsOptional() @Trim() @Text(2000) prompt?: string;
  @IsOptional() @Type(() => Number) @IntBetween(1, 20000) image_width?: number;
  @IsOptional() @Type(() => Number) @IntBetween(1, 20000) image_height?: number;
  @IsOptional()
  @IsIn(['landscape', 'portrait', 'square'], { message: 'The orientation must be landscape, portrait or square.' })
  image_orientation?: 'landscape' | 'portrait' | 'square';
}

export class RegenerateDesignDto {
  @IsUUID('all', { message: 'Choose the generated design to regenerate.' }) generatedDesignId!: string;
  @OptionalDesignOptions() options?: DesignOptionsDto;
  /** true: use `options`; false: keep the source design's options and vary it. */
  @IsOptional() @Transform(toBool) @IsBoolean() withOptions?: boolean;
}

export class RetryDesignDto {
  @IsOptional() @IsUUID('all', { message: 'That generated design does not exist.' }) generated_design?: string;
}

export class SavePromptDto {
  @Trim() @FilledText(80, 'Give the prompt a name.') name!: string;
  @Trim() @FilledText(2000, 'The prompt is empty.') prompt!: string;
  @OptionalDesignOptions() options?: DesignOptionsDto;
}

export class FavoriteDto {
  @IsOptional() @Transform(toBool) @IsBoolean() favorite?: boolean;
}

export class EditStateDto {
  @IsOptional() @IsObject({ each: true }) editHistory?: Array<{ at: string; action: string; detail?: string }>;
  @IsOptional() @IsString({ each: true }) @MaxLength(60, { each: true }) selectedBrands?: string[];
  @IsOptional() @Text(200_000) currentDesignHtml?: string;
}

export class ChatMessageDto {
  @Trim() @FilledText(2000, 'Write a message first.') message!: string;
}

/** The owner reports a message of the design chat to the moderators. */
export class ReportChatMessageDto {
  @Trim() @FilledText(300, 'Say what is wrong with it.') reason!: string;
}

export class SaveDreamDto {
  @IsUUID('all', { message: 'Choose a design.' }) design_id!: string;
  @IsOptional() @IsUUID('all') generated_design_id?: string;
  @Trim() @FilledText(120, 'Give your dream a title.') title!: string;
  @IsOptional() @Trim() @Text(2000) note?: string;
}

/** GET /api/designs: a page of the user's designs, optionally only favorites (`favorites=1` or `true`). */
export class DesignListQueryDto extends PageQueryDto {
  @IsOptional() @IsString() favorites?: string;

  onlyFavorites(): boolean {
    return this.favorites === '1' || this.favorites === 'true';
  }
}

/** The gallery page (`favorites=1` shows only favorites). */
export class GalleryQueryDto extends PageQueryDto {
  @IsOptional() @IsString() favorites?: string;
}

export class DreamListQueryDto extends PageQueryDto {}

/** The edit view opens on the side asked for; anything else opens the front. */
export class DesignEditQueryDto {
  @IsOptional() @IsString() side?: string;

  currentSide(): DesignSide {
    return DESIGN_SIDES.includes(this.side as DesignSide) ? (this.side as DesignSide) : 'front';
  }
}
