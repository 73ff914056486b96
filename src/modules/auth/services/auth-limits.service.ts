import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { MailService } from '../../mail';
import { BackoffLimiterService, BackoffScope, ipRange } from '../../security';
import { TooManyAttemptsException } from '../../security';
import { User } from '../../users';
import { ThrottledException, throttledMessage } from '../throttle';
import { renderActionMail } from './auth-mail';
import { Clock } from '../../../common/clock';

/**
 * Limits on guessing secrets, each with exponential back-off once the free failures are spent:
 * logins per account (whatever the IP), per IP and per IP range (whatever the account: password
 * spraying); two-factor codes per user (whatever the session, so a fresh password login buys no
 * new guesses), with a mail to the user when the lock engages; password re-checks per user.
 */
@Injectable()
export class AuthLimitsService {
  private readonly logger = new Logger('AuthLimits');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly backoff: BackoffLimiterService,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  loginScopes(email: string, ip: string): BackoffScope[] {
    const limits = this.config.rateLimits;
    return [
      { key: `login:account:${email.trim().toLowerCase()}`, free: limits.loginPerMinute },
      { key: `login:ip:${ip}`, free: limits.loginPerIp },
      { key: `login:range:${ipRange(ip)}`, free: limits.loginPerRange },
    ];
  }

  async assertLoginAllowed(email: string, ip: string): Promise<void> {
    await this.guard('email', 'login attempts', () => this.backoff.assertAllowed(this.loginScopes(email, ip)));
  }

  async loginFailed(email: string, ip: string): Promise<void> {
    await this.backoff.fail(this.loginScopes(email, ip));
  }

  async loginSucceeded(email: string): Promise<void> {
    await this.backoff.succeed(this.loginScopes(email, '')[0].key);
  }

  async assertTwoFactorAllowed(userId: string, field: string): Promise<void> {
    await this.guard(field, 'two-factor attempts', () => this.backoff.assertAllowed([this.twoFactorScope(userId)]));
  }

  /** Counts a wrong code; when this failure locks the account's two-factor step, the owner is told by mail. */
  async twoFactorFailed(user: User): Promise<void> {
    const locked = await this.backoff.fail([this.twoFactorScope(user.id)]);
    const first = locked.find((lock) => lock.failures === this.config.rateLimits.twoFactorPerMinute);
    if (first) await this.sendLockoutMail(user, first.lockSeconds);
  }

  async twoFactorSucceeded(userId: string): Promise<void> {
    await this.backoff.succeed(this.twoFactorScope(userId).key);
  }

  /** Wraps a password re-check of a signed-in user (confirm-password, log out others, delete account). */
  async checkPassword(userId: string, field: string, check: () => Promise<boolean>): Promise<boolean> {
    const scope = { key: `password-check:${userId}`, free: this.config.rateLimits.passwordChecks };
    await this.guard(field, 'password attempts', () => this.backoff.assertAllowed([scope]));
    const ok = await check();
    if (ok) await this.backoff.succeed(scope.key);
    else await this.backoff.fail([scope]);
    return ok;
  }

  private twoFactorScope(userId: string): BackoffScope {
    return { key: `two-factor:${userId}`, free: this.config.rateLimits.twoFactorPerMinute };
  }

  private async guard(field: string, what: string, check: () => Promise<void>): Promise<void> {
    try {
      await check();
    } catch (error) {
      if (!(error instanceof TooManyAttemptsException)) throw error;
      throw new ThrottledException(field, throttledMessage(what, error.retryAfterSeconds), error.retryAfterSeconds);
    }
  }

  private async sendLockoutMail(user: User, lockSeconds: number): Promise<void> {
    this.logger.warn(`Two-factor locked for user ${user.id} after repeated wrong codes`);
    const minutes = Math.max(1, Math.round(lockSeconds / 60));
    const mail = renderActionMail({
      sentAt: this.clock.now(),
      appName: this.config.appName,
      heading: 'Someone is trying to sign in to your account',
      lines: [
        `Your password was entered correctly, then the two-factor code was wrong ${this.config.rateLimits.twoFactorPerMinute} times.`,
        `We have paused two-factor sign-in to your account for ${minutes} minute${minutes === 1 ? '' : 's'}; each further wrong code makes the pause longer.`,
        'If this was not you, your password is known to someone else: change it now.',
      ],
      actionText: 'Change your password',
      actionUrl: `${this.config.appUrl.replace(/\/$/, '')}/settings/password`,
    });
    await this.mail.send({ to: user.email, subject: 'Two-factor sign-in paused on your account', ...mail });
  }
}
