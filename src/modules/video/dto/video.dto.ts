import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';

const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export class CreateVideoDto {
  @IsOptional() @IsString() @MaxLength(160) @trimmed() title?: string;
}

export class UpdateVideoDto {
  @IsOptional() @IsString() @MaxLength(160) @trimmed() title?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(10_000) position?: number;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  trim_start?: number | null;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  trim_end?: number | null;
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  cover_time?: number | null;
}

export class UpdateWalkthroughDto {
  @IsOptional() @IsString() @MaxLength(160) @trimmed() title?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(5000) description?: string | null;
  @IsOptional() @IsBoolean() published?: boolean;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID() listing_id?: string | null;
  @IsOptional() @IsArray() @ArrayMaxSize(200) @IsUUID('all', { each: true }) video_order?: string[];
}

export class CreateWalkthroughDto {
  @IsOptional() @IsString() @MaxLength(160) @trimmed() title?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID() listing_id?: string | null;
}

export class SpotDto {
  @IsOptional() @IsString() @MaxLength(160) @trimmed() title?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(2000) caption?: string | null;
  @IsOptional() @IsBoolean() published?: boolean;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID() listing_id?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID() video_id?: string | null;
}

export class VideoListDto {
  @IsOptional() @IsString() @MaxLength(160) @trimmed() name?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsString() @MaxLength(2000) description?: string | null;
  @IsOptional() @IsBoolean() is_public?: boolean;
  @IsOptional() @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) video_ids?: string[];
}

/** Video lists and the feed: the common paging, at most 50 a page (each row carries a video). */
export class VideoPageQueryDto extends PageQueryDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(50) override per_page?: number = undefined;
}

/** The feed: page numbers, or `cursor` (the previous answer's `next_cursor`) to continue below its last spot. */
export class FeedQueryDto extends VideoPageQueryDto {
  @IsOptional() @IsString() @MaxLength(120) cursor?: string;
}
