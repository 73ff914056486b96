import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsDate,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { trim, toBool } from '../../properties';

export class CreateOpenHouseDto {
  @Type(() => Date) @IsDate({ message: 'Enter a valid start time.' }) starts_at!: Date;
  @Type(() => Date) @IsDate({ message: 'Enter a valid end time.' }) ends_at!: Date;
  @Type(() => Number)
  @IsInt({ message: 'The capacity must be a whole number.' })
  @Min(1, { message: 'The capacity must be at least 1.' })
  @Max(1000)
  capacity!: number;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(2000) notes?: string;
}

export class RsvpDto {
  @Transform(trim)
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
  @IsInt({ message: 'Choose a rating from 1 to 5.' })
  @Min(1, { message: 'Choose a rating from 1 to 5.' })
  @Max(5, { message: 'Choose a rating from 1 to 5.' })
  rating!: number;
  @Transform(toBool) @IsBoolean({ message: 'Tell us whether you are interested.' }) interested!: boolean;
  @IsOptional() @Transform(trim) @IsString() @MaxLength(2000) comments?: string;
}

export class RsvpPageDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(10000) page?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) per_page?: number;
}
