import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsObject, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { Trim } from '../../../common/dto-fields';
import { MayBeOmitted } from '../../../common/validation';
import { MarketSearchDto } from '../../market';
import { toBool } from '../../properties';

export class SavedSearchParamsDto extends MarketSearchDto {}

export class CreateSavedSearchDto {
  @Trim()
  @IsString({ message: 'Name the search.' })
  @MinLength(1, { message: 'Name the search.' })
  @MaxLength(100)
  name!: string;
  @IsObject({ message: 'Send the search parameters.' })
  @ValidateNested()
  @Type(() => SavedSearchParamsDto)
  params!: SavedSearchParamsDto;
}

/** PATCH /api/market/saved-searches/{id}: alerts on or off for one search. */
export class UpdateSavedSearchDto {
  @MayBeOmitted() @Transform(toBool) @IsBoolean({ message: 'Send true or false.' }) alerts?: boolean;
  @MayBeOmitted()
  @Trim()
  @IsString()
  @MinLength(1, { message: 'Name the search.' })
  @MaxLength(100)
  name?: string;
}

export const EMAIL_CHOICES = ['instant', 'daily', 'off'] as const;

/** PUT /api/saved-searches/settings: alert emails at once, in a daily digest, or never. */
export class AlertSettingsDto {
  @IsIn(EMAIL_CHOICES, { message: 'Choose instant, daily or off.' }) email!: (typeof EMAIL_CHOICES)[number];
}
