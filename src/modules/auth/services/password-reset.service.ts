import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Clock } from '../../../common/clock';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { MailService } from '../../mail';
import { UsersService, normalizeEmail } from '../../users';
import { AuthRepository } from '../auth.repository';
import { hashPassword } from '../password';
import { renderActionMail } from './auth-mail';
import { SessionsService } from './sessions.service';

export const RESET_LINK_MINUTES = 60;

/** Password reset links: a random token mailed once, stored hashed, valid 60 minutes, single use. */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: AuthRepository,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly sessions: SessionsService,
  ) {}

  /** Sends a link when the account exists; says nothing either way (no account discovery). */
  async sendLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('hex');
    await this.repo.saveResetToken(user.email, hashToken(token), this.clock.now());
    const url = `${this.config.appUrl.replace(/\/$/, '')}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
    const { html, text } = renderActionMail({
      sentAt: this.clock.now(),
      appName: this.config.appName,
      heading: 'Reset your password',
      lines: [`Hi ${user.name},`, 'We received a request to reset the password for your account.'],
      actionText: 'Reset password',
      actionUrl: url,
      outro: [
        `This link expires in ${RESET_LINK_MINUTES} minutes. If you did not ask for a reset, you can ignore this email.`,
      ],
    });
    await this.mail.send({ to: user.email, subject: `Reset your ${this.config.appName} password`, html, text });
  }

  /** True when the token was right and the password was changed; the token is spent either way on success. */
  async reset(email: string, token: string, password: string): Promise<boolean> {
    const normalized = normalizeEmail(email);
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.lockResetToken(normalized, tx);
      if (!row || this.clock.nowMs() - row.createdAt.getTime() > RESET_LINK_MINUTES * 60_000) return false;
      const expected = Buffer.from(row.tokenHash, 'hex');
      const given = Buffer.from(hashToken(token), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      const user = await this.users.findByEmail(normalized);
      if (!user) return false;
      await this.repo.deleteResetToken(normalized, tx);
      await this.users.setPasswordHash(user.id, await hashPassword(password), tx);
      // Whoever had the old password is signed out everywhere.
      await this.sessions.destroyAllFor(user.id, tx);
      return true;
    });
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
