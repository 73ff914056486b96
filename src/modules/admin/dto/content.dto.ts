import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsHexColor,
  IsIn,
  IsISO8601,
  IsOptional,
  Matches,
  MaxLength,
} from 'class-validator';
import { FilledText, IntBetween, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import {
  AUDIENCES,
  DESIGN_ASSET_CATEGORIES,
  type Audience,
  type DesignAssetCategory,
} from '../../../contracts/admin-content';

/** Links in announcements and broadcasts stay on this site. */
const LOCAL_PATH = /^\/(?!\/)[^\s]*$/;
const LOCAL_PATH_MESSAGE = 'The link must be a path on this site, starting with /.';

export class DesignAssetsQueryDto extends PageQueryDto {
  @MayBeOmitted()
  @IsIn(DESIGN_ASSET_CATEGORIES, { message: 'Choose a known category.' })
  category?: DesignAssetCategory;
  @MayBeOmitted() @Trim() @Text(80) q?: string;
}

class DesignAssetFields {
  @IsOptional() @Trim() @Text(500) prompt_fragment?: string | null;
  @MayBeOmitted()
  @IsArray()
  @IsHexColor({ each: true, message: 'Colours are hex codes like #a3adb8.' })
  @ArrayMaxSize(8)
  colors?: string[];
  @MayBeOmitted() @IsBoolean() enabled?: boolean;
  @MayBeOmitted() @Type(() => Number) @IntBetween(0, 10_000) position?: number;
}

export class CreateDesignAssetDto extends DesignAssetFields {
  @IsIn(DESIGN_ASSET_CATEGORIES, { message: 'Choose a known category.' }) category!: DesignAssetCategory;
  @Trim() @FilledText(80, 'Give it a name.') name!: string;
}

export class UpdateDesignAssetDto extends DesignAssetFields {
  @MayBeOmitted() @Trim() @FilledText(80, 'Give it a name.') name?: string;
}

export class StickerPackDto {
  @Trim() @FilledText(80, 'Name the pack.') name!: string;
  @IsOptional() @Trim() @Text(500) description?: string | null;
  @MayBeOmitted() @Type(() => Number) @IntBetween(0, 100_000) price_minor?: number;
  @MayBeOmitted() @Matches(/^[A-Z]{3}$/, { message: 'The currency is a three-letter code.' }) currency?: string;
  @MayBeOmitted() @IsBoolean() enabled?: boolean;
}

export class UpdateStickerPackDto {
  @MayBeOmitted() @Trim() @FilledText(80, 'Name the pack.') name?: string;
  @IsOptional() @Trim() @Text(500) description?: string | null;
  @MayBeOmitted() @Type(() => Number) @IntBetween(0, 100_000) price_minor?: number;
  @MayBeOmitted() @IsBoolean() enabled?: boolean;
}

/** The multipart fields beside a sticker's image. */
export class StickerUploadDto {
  @Trim() @FilledText(80, 'Name the sticker.') name!: string;
}

export class DesignChatQueryDto extends PageQueryDto {
  @MayBeOmitted() @IsIn(['open', 'all'], { message: 'The status is open or all.' }) status?: 'open' | 'all';

  currentStatus(): 'open' | 'all' {
    return this.status ?? 'open';
  }
}

export class ModerateDto {
  @IsIn(['hide', 'dismiss', 'warn'], { message: 'The action is hide, dismiss or warn.' })
  action!: 'hide' | 'dismiss' | 'warn';
  @MayBeOmitted() @Trim() @Text(500) note?: string;
}

export class SuspendAuthorDto {
  @Trim() @FilledText(500, 'Give a reason.') reason!: string;
}

export class AnnouncementDto {
  @Trim() @FilledText(120, 'Give it a title.') title!: string;
  @MayBeOmitted() @Trim() @Text(1000) body?: string;
  @IsOptional() @Matches(LOCAL_PATH, { message: LOCAL_PATH_MESSAGE }) @MaxLength(300) url?: string | null;
  @IsIn(['banner', 'toast'], { message: 'Show it as a banner or a toast.' }) style!: 'banner' | 'toast';
  @IsIn(AUDIENCES, { message: 'Choose an audience.' }) audience!: Audience;
  @MayBeOmitted() @IsISO8601({}, { message: 'The start must be a date and time.' }) starts_at?: string;
  @IsOptional() @IsISO8601({}, { message: 'The end must be a date and time.' }) ends_at?: string | null;
}

export class BroadcastDto {
  @Trim() @FilledText(120, 'Give it a title.') title!: string;
  @MayBeOmitted() @Trim() @Text(2000) body?: string;
  @IsOptional() @Matches(LOCAL_PATH, { message: LOCAL_PATH_MESSAGE }) @MaxLength(300) url?: string | null;
  @IsIn(AUDIENCES, { message: 'Choose an audience.' }) audience!: Audience;
  /** Also mail the recipients opted in to product news (suppressed addresses are skipped). */
  @MayBeOmitted() @IsBoolean({ message: 'Choose whether to send email.' }) email?: boolean;
}
