import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDate, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IntBetween, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { toBool } from '../../properties';

export class CreateOpenHouseDto {
  @Type(() => Date) @IsDate({ message: 'Enter a valid start time.' }) starts_at!: Date;
  @Type(() => Date) @IsDate({ message: 'Enter a valid end time.' }) ends_at!: Date;
  @Type(() => Number)
  @IntBetween(1, 1000, { notInt: 'The capacity must be a whole number.', below: 'The capacity must be at least 1.' })
  capacity!: number;
  @IsOptional() @Trim() @Text(2000) notes?: string;
}

export class RsvpDto {
  @Trim()
  @IsString({ message: 'Enter your name.' })
  @MinLength(1, { message: 'Enter your name.' })
  @MaxLength(120)
  name!: string;
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: 'Enter a valid email address.' })
  @MaxLength(254)
  email!: string;
}

export class SurveyDto {
  @Type(() => Number)
  @IntBetween(1, 5, 'Choose a rating from 1 to 5.')
  rating!: number;
  @Transform(toBool) @IsBoolean({ message: 'Tell us whether you are interested.' }) interested!: boolean;
  @IsOptional() @Trim() @Text(2000) comments?: string;
}

export class RsvpPageDto extends PageQueryDto {}
