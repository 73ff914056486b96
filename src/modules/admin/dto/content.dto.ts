import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsHexColor,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import {
  AUDIENCES,
  DESIGN_ASSET_CATEGORIES,
  type Audience,
  type DesignAssetCategory,
} from '../../../contracts/admin-content';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Links in announcements and broadcasts stay on this site. */
const LOCAL_PATH = /^\/(?!\/)[^\s]*$/;
const LOCAL_PATH_MESSAGE = 'The link must be a path on this site, starting with /.';

export class DesignAssetsQueryDto extends PageQueryDto {
  @MayBeOmitted()
  @IsIn(DESIGN_ASSET_CATEGORIES, { message: 'Choose a known category.' })
  category?: DesignAssetCategory;
  @MayBeOmitted() @Transform(trim) @IsString() @MaxLength(80) q?: string;
}

class DesignAssetFields {
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) prompt_fragment?: string | null;
  @MayBeOmitted()
  @IsArray()
  @IsHexColor({ each: true, message: 'Colours are hex codes like #a3adb8.' })
  @ArrayMaxSize(8)
  colors?: string[];
  @MayBeOmitted() @IsBoolean() enabled?: boolean;
  @MayBeOmitted() @Type(() => Number) @IsInt() @Min(0) @Max(10_000) position?: number;
}

export class CreateDesignAssetDto extends DesignAssetFields {
  @IsIn(DESIGN_ASSET_CATEGORIES, { message: 'Choose a known category.' }) category!: DesignAssetCategory;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Give it a name.' }) @MaxLength(80) name!: string;
}

export class UpdateDesignAssetDto extends DesignAssetFields {
  @MayBeOmitted() @Transform(trim) @IsString() @IsNotEmpty({ message: 'Give it a name.' }) @MaxLength(80) name?: string;
}

export class StickerPackDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Name the pack.' }) @MaxLength(80) name!: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) description?: string | null;
  @MayBeOmitted() @Type(() => Number) @IsInt() @Min(0) @Max(100_000) price_minor?: number;
  @MayBeOmitted() @Matches(/^[A-Z]{3}$/, { message: 'The currency is a three-letter code.' }) currency?: string;
  @MayBeOmitted() @IsBoolean() enabled?: boolean;
}

export class UpdateStickerPackDto {
  @MayBeOmitted() @Transform(trim) @IsString() @IsNotEmpty({ message: 'Name the pack.' }) @MaxLength(80) name?: string;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(500) description?: string | null;
  @MayBeOmitted() @Type(() => Number) @IsInt() @Min(0) @Max(100_000) price_minor?: number;
  @MayBeOmitted() @IsBoolean() enabled?: boolean;
}

/** The multipart fields beside a sticker's image. */
export class StickerUploadDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Name the sticker.' }) @MaxLength(80) name!: string;
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
  @MayBeOmitted() @Transform(trim) @IsString() @MaxLength(500) note?: string;
}

export class SuspendAuthorDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Give a reason.' }) @MaxLength(500) reason!: string;
}

export class AnnouncementDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Give it a title.' }) @MaxLength(120) title!: string;
  @MayBeOmitted() @Transform(trim) @IsString() @MaxLength(1000) body?: string;
  @IsOptional() @Matches(LOCAL_PATH, { message: LOCAL_PATH_MESSAGE }) @MaxLength(300) url?: string | null;
  @IsIn(['banner', 'toast'], { message: 'Show it as a banner or a toast.' }) style!: 'banner' | 'toast';
  @IsIn(AUDIENCES, { message: 'Choose an audience.' }) audience!: Audience;
  @MayBeOmitted() @IsISO8601({}, { message: 'The start must be a date and time.' }) starts_at?: string;
  @IsOptional() @IsISO8601({}, { message: 'The end must be a date and time.' }) ends_at?: string | null;
}

export class BroadcastDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Give it a title.' }) @MaxLength(120) title!: string;
  @MayBeOmitted() @Transform(trim) @IsString() @MaxLength(2000) body?: string;
  @IsOptional() @Matches(LOCAL_PATH, { message: LOCAL_PATH_MESSAGE }) @MaxLength(300) url?: string | null;
  @IsIn(AUDIENCES, { message: 'Choose an audience.' }) audience!: Audience;
  /** Also mail the recipients opted in to product news (suppressed addresses are skipped). */
  @MayBeOmitted() @IsBoolean({ message: 'Choose whether to send email.' }) email?: boolean;
}
