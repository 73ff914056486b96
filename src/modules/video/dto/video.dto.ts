import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsNumber, IsOptional, IsUUID, Min, ValidateIf } from 'class-validator';
import { IntBetween, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';

/**
 * `@IsOptional() @ValidateIf(not null) @Type(() => Number) @IsNumber(finite)`: a time in the video in seconds, or null
 * to clear it. Listed bottom-up (applyDecorators applies in order), as the stacked decorators it replaces were.
 */
const SecondsOrNull = () =>
  applyDecorators(
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Type(() => Number),
    ValidateIf((_, v) => v !== null),
    IsOptional(),
  );

export class CreateVideoDto {
  @IsOptional() @Trim() @Text(160) title?: string;
}

export class UpdateVideoDto {
  @IsOptional() @Trim() @Text(160) title?: string;
  @IsOptional() @Type(() => Number) @IntBetween(0, 10_000) position?: number;
  @SecondsOrNull() @Min(0) trim_start?: number | null;
  @SecondsOrNull() @Min(0) trim_end?: number | null;
  @SecondsOrNull() @Min(0) cover_time?: number | null;
}

export class UpdateWalkthroughDto {
  @IsOptional() @Trim() @Text(160) title?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @Text(5000) description?: string | null;
  @IsOptional() @IsBoolean() published?: boolean;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID() listing_id?: string | null;
  @IsOptional() @IsArray() @ArrayMaxSize(200) @IsUUID('all', { each: true }) video_order?: string[];
}

export class CreateWalkthroughDto {
  @IsOptional() @Trim() @Text(160) title?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID() listing_id?: string | null;
}

export class SpotDto {
  @IsOptional() @Trim() @Text(160) title?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @Text(2000) caption?: string | null;
  @IsOptional() @IsBoolean() published?: boolean;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID() listing_id?: string | null;
  @IsOptional() @ValidateIf((_, v) => v !== null) @IsUUID() video_id?: string | null;
}

export class VideoListDto {
  @IsOptional() @Trim() @Text(160) name?: string;
  @IsOptional() @ValidateIf((_, v) => v !== null) @Text(2000) description?: string | null;
  @IsOptional() @IsBoolean() is_public?: boolean;
  @IsOptional() @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) video_ids?: string[];
}

/** Video lists and the feed: the common paging, at most 50 a page (each row carries a video). */
export class VideoPageQueryDto extends PageQueryDto {
  @IsOptional() @Type(() => Number) @IntBetween(1, 50) override per_page?: number = undefined;
}

/** The feed: page numbers, or `cursor` (the previous answer's `next_cursor`) to continue below its last spot. */
export class FeedQueryDto extends VideoPageQueryDto {
  @IsOptional() @Text(120) cursor?: string;
}
