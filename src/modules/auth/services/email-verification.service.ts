import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { allKeys } from '../../../config/app-key';
import { DomainEvents } from '../../events';
import { MailService } from '../../mail';
import { UsersService, type User } from '../../users';
import { renderActionMail } from './auth-mail';
import { checkSignedPath, signPath } from './signed-url';
import { Clock } from '../../../common/clock';

export const VERIFICATION_LINK_MINUTES = 60;

export type VerificationResult = 'verified' | 'already-verified' | 'invalid' | 'expired';

/** Email verification by a signed link; the hash ties the link to the address it was sent to. */
@Injectable()
export class EmailVerificationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  verificationUrl(user: Pick<User, 'id' | 'email'>, now = this.clock.nowMs()): string {
    const path = `/email/verify/${user.id}/${emailHash(user.email)}`;
    return `${this.config.appUrl.replace(/\/$/, '')}${signPath(path, this.config.appKey, new Date(now + VERIFICATION_LINK_MINUTES * 60_000))}`;
  }

  async send(user: Pick<User, 'id' | 'email' | 'name'>): Promise<void> {
    const { html, text } = renderActionMail({
      sentAt: this.clock.now(),
      appName: this.config.appName,
      heading: 'Verify your email address',
      lines: [
        `Hi ${user.name},`,
        `Welcome to ${this.config.appName}! Please confirm that ${user.email} is your email address.`,
      ],
      actionText: 'Verify email address',
      actionUrl: this.verificationUrl(user),
      outro: [
        `This link expires in ${VERIFICATION_LINK_MINUTES} minutes. If you did not create an account, no further action is needed.`,
      ],
    });
    await this.mail.send({
      to: user.email,
      subject: `Verify your email address for ${this.config.appName}`,
      html,
      text,
    });
  }

  async verify(id: string, hash: string, expires: unknown, signature: unknown): Promise<VerificationResult> {
    const check = checkSignedPath(`/email/verify/${id}/${hash}`, expires, signature, allKeys(this.config));
    if (check !== 'valid') return check;
    const user = await this.users.findById(id);
    if (!user || emailHash(user.email) !== hash) return 'invalid';
    if (user.emailVerifiedAt) return 'already-verified';
    const verifiedAt = this.clock.now();
    await this.users.update(user.id, { emailVerifiedAt: verifiedAt });
    await this.events.publish('user.verified', `user.verified|${user.id}`, {
      user_id: user.id,
      verified_at: verifiedAt.toISOString(),
    });
    return 'verified';
  }
}

export function emailHash(email: string): string {
  return createHash('sha1').update(email.toLowerCase()).digest('hex');
}
