import { Transform } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { FilledText, Text, Trim } from '../../../common/dto-fields';
import { AccountEmail, PASSWORD_MAX, PASSWORD_MIN, SameAs, toBool } from '../../auth';
import { IsHandle } from '../../users';
import { IsTimeZone } from '../../users';

const blankToNull = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : (value ?? null);
const handleValue = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toLowerCase()) : (value ?? null);

export class ProfileDto {
  @Trim() @FilledText(120, 'Enter your name.') name!: string;
  @AccountEmail() email!: string;
  /** Empty clears the handle. */
  @Transform(handleValue) @ValidateIf((o: ProfileDto) => o.handle != null) @IsHandle() handle: string | null = null;
  @Transform(blankToNull)
  @ValidateIf((o: ProfileDto) => o.bio != null)
  @Text(1000, 'The bio may not be longer than 1000 characters.')
  bio: string | null = null;
}

export class PasswordDto {
  @FilledText(PASSWORD_MAX, 'Enter your current password.')
  current_password!: string;
  @IsString()
  @MinLength(PASSWORD_MIN, { message: `The new password must be at least ${PASSWORD_MIN} characters.` })
  @MaxLength(PASSWORD_MAX)
  password!: string;
  @SameAs('password') password_confirmation!: string;
}

export class CurrentPasswordDto {
  @FilledText(PASSWORD_MAX, 'Enter your password.') password!: string;
}

export class TimezoneDto {
  @IsTimeZone() timezone!: string;
}

export class TwoFactorCodeDto {
  @Trim()
  @IsString()
  @Matches(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app.' })
  code!: string;
}

export class NotificationPreferencesDto {
  @IsObject({ message: 'Email preferences are missing.' }) email!: Record<string, unknown>;
  @IsObject({ message: 'Push preferences are missing.' }) push!: Record<string, unknown>;
}

export class AddressDto {
  @Trim()
  @FilledText(60, 'Give the address a label, e.g. Home.')
  label!: string;
  @Trim() @FilledText(200, 'Enter the street address.') line1!: string;
  @Transform(blankToNull) @ValidateIf((o: AddressDto) => o.line2 != null) @Text(200) line2: string | null = null;
  @Trim() @FilledText(100, 'Enter the city.') city!: string;
  @Trim() @FilledText(100, 'Enter the state or region.') state!: string;
  @Trim() @FilledText(20, 'Enter the postal code.') zip!: string;
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'Choose a country.' })
  countryCode!: string;
  @IsOptional() @Transform(toBool) @IsBoolean() isDefault?: boolean;
}
