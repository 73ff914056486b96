import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { AccountEmail, PASSWORD_MAX, PASSWORD_MIN, SameAs, toBool, trim } from '../../auth';
import { IsHandle } from '../../users';
import { IsTimeZone } from '../../users';

const blankToNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : (value ?? null);
const handleValue = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toLowerCase()) : (value ?? null);

export class ProfileDto {
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter your name.' }) @MaxLength(120) name!: string;
  @AccountEmail() email!: string;
  /** Empty clears the handle. */
  @Transform(handleValue) @ValidateIf((o: ProfileDto) => o.handle != null) @IsHandle() handle: string | null = null;
  @Transform(blankToNull)
  @ValidateIf((o: ProfileDto) => o.bio != null)
  @IsString()
  @MaxLength(1000, { message: 'The bio may not be longer than 1000 characters.' })
  bio: string | null = null;
}

export class PasswordDto {
  @IsString()
  @IsNotEmpty({ message: 'Enter your current password.' })
  @MaxLength(PASSWORD_MAX)
  current_password!: string;
  @IsString()
  @MinLength(PASSWORD_MIN, { message: `The new password must be at least ${PASSWORD_MIN} characters.` })
  @MaxLength(PASSWORD_MAX)
  password!: string;
  @SameAs('password') password_confirmation!: string;
}

export class CurrentPasswordDto {
  @IsString() @IsNotEmpty({ message: 'Enter your password.' }) @MaxLength(PASSWORD_MAX) password!: string;
}

export class TimezoneDto {
  @IsTimeZone() timezone!: string;
}

export class TwoFactorCodeDto {
  @Transform(trim)
  @IsString()
  @Matches(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app.' })
  code!: string;
}

export class NotificationPreferencesDto {
  @IsObject({ message: 'Email preferences are missing.' }) email!: Record<string, unknown>;
  @IsObject({ message: 'Push preferences are missing.' }) push!: Record<string, unknown>;
}

export class AddressDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'Give the address a label, e.g. Home.' })
  @MaxLength(60)
  label!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter the street address.' }) @MaxLength(200) line1!: string;
  @Transform(blankToNull) @ValidateIf((o: AddressDto) => o.line2 != null) @IsString() @MaxLength(200) line2:
    string | null = null;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter the city.' }) @MaxLength(100) city!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter the state or region.' }) @MaxLength(100) state!: string;
  @Transform(trim) @IsString() @IsNotEmpty({ message: 'Enter the postal code.' }) @MaxLength(20) zip!: string;
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'Choose a country.' })
  countryCode!: string;
  @IsOptional() @Transform(toBool) @IsBoolean() isDefault?: boolean;
}
