export { CurrentUser, GuestOnly, Public, Roles, Verified } from './auth.decorators';
export {
  AccountEmail,
  NewPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SameAs,
  lowerTrim,
  toBool,
  trim,
} from './dto/validators';
export { clientIp, redirectBack, redirectTo, safeLocalPath } from './http';
export { renderActionMail } from './services/auth-mail';
export { hashPassword, verifyPassword } from './password';
export { RequiresPasswordConfirmation, passwordRecentlyConfirmed } from './password-confirmation.guard';
export { EmailVerificationService } from './services/email-verification.service';
export { LoginService } from './services/login.service';
export { SessionAuthService } from './services/session-auth.service';
export { SessionsService } from './services/sessions.service';
export { describeUserAgent } from './services/user-agent';
export { TwoFactorService } from './two-factor/two-factor.service';
