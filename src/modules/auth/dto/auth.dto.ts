import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, ValidateIf, Matches } from 'class-validator';
import { FilledText, Trim } from '../../../common/dto-fields';
import { IsHandle } from '../../users';
import { USER_TYPES, UserType } from '../../users';
import { AccountEmail, NewPassword, PASSWORD_MAX, SameAs, emptyToUndefined, toBool } from './validators';

/** Account types a visitor may pick at sign-up (team members are invited by a team). */
export const REGISTERABLE_TYPES = USER_TYPES.filter((type) => type !== 'team_member');

export class LoginDto {
  @AccountEmail() email!: string;
  @FilledText(PASSWORD_MAX, 'Enter your password.') password!: string;
  @IsOptional() @Transform(toBool) @IsBoolean() remember?: boolean;
}

export class RegisterDto {
  @Trim() @FilledText(120, 'Enter your name.') name!: string;
  @AccountEmail() email!: string;
  @NewPassword() password!: string;
  @SameAs('password') password_confirmation!: string;
  @IsIn(REGISTERABLE_TYPES, { message: 'Choose an account type.' }) type!: UserType;
  @Transform(emptyToUndefined) @IsOptional() @IsHandle() handle?: string;
  /** The affiliate `ref` code the browser stored from an earlier visit (spec 4), if any. */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @Matches(/^[a-z0-9-]{1,40}$/i) ref?: string;
}

export class ForgotPasswordDto {
  @AccountEmail() email!: string;
}

export class ResetPasswordDto {
  @FilledText(200) token!: string;
  @AccountEmail() email!: string;
  @NewPassword() password!: string;
  @SameAs('password') password_confirmation!: string;
}

export class ConfirmPasswordDto {
  @FilledText(PASSWORD_MAX, 'Enter your password.') password!: string;
}

/** Either a current code from the authenticator app or one recovery code. */
export class TwoFactorChallengeDto {
  @ValidateIf((o: TwoFactorChallengeDto) => !o.recovery_code)
  @FilledText(10, 'Enter the code from your authenticator app.')
  code?: string;
  @ValidateIf((o: TwoFactorChallengeDto) => !o.code)
  @FilledText(40, 'Enter a recovery code.')
  recovery_code?: string;
}

/** The reset link's `?email=` fills the form; anything that is not text is ignored. */
export class ResetLinkQueryDto {
  @IsOptional() @IsString() email?: string;
}

/** A signed link's expiry and signature (checked by the service, which answers "invalid" for anything off). */
export class SignedLinkQueryDto {
  @IsOptional() @IsString() expires?: string;
  @IsOptional() @IsString() signature?: string;
}
