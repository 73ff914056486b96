import { Transform, Type } from 'class-transformer';
import { IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { Latitude, Longitude, Text, Trim } from '../../../common/dto-fields';

/** A page of someone's follow lists or profile feed; `user_id` names whose (the signed-in user's by default). */
export class PersonPageQueryDto extends PageQueryDto {
  @IsOptional() @IsUUID('all', { message: 'Unknown user.' }) user_id?: string;
}

export class MarketsQueryDto extends PageQueryDto {
  @IsOptional() @Trim() @Text(100) search?: string;
}

/** POST /api/markets: a market by name (found or created), attached to the signed-in user. */
export class AddMarketDto {
  @Trim()
  @IsString({ message: 'Name the market.' })
  @MinLength(2, { message: 'Name the market (at least two letters).' })
  @MaxLength(120)
  name!: string;
  @IsOptional() @Trim() @Text(100) city?: string;
  @IsOptional() @Trim() @Text(100) state?: string;
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @Matches(/^[A-Z]{2}$/, { message: 'Use a two-letter country code.' })
  country_code?: string;
  @IsOptional() @Type(() => Number) @Latitude() latitude?: number;
  @IsOptional() @Type(() => Number) @Longitude() longitude?: number;
  /** Admins may add a market for someone else. */
  @IsOptional() @IsUUID('all', { message: 'Unknown user.' }) user_id?: string;
}

/** POST /api/user/stat/{statId}/update: the value (empty or null removes it). */
export class UpdateStatDto {
  @ValidateIf((o: UpdateStatDto) => o.value !== null && o.value !== undefined && o.value !== '')
  @Transform(({ value }) =>
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value,
  )
  @IsString({ message: 'Enter a value.' })
  @MaxLength(120, { message: 'The value may not be longer than 120 characters.' })
  value?: string | null;
}
