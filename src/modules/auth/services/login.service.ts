import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { ValidationFailedException } from '../../../common/validation';
import { RateLimiterService } from '../../security';
import { User } from '../../users';
import { UsersService } from '../../users';
import { hashPassword, needsRehash, verifyPassword } from '../password';
import { assertNotThrottled, countAttempt } from '../throttle';

const FAILED = 'These credentials do not match our records.';
// A fixed hash to verify against when the email is unknown, so both cases take the same time.
let dummyHash: Promise<string> | null = null;

/** Checks credentials with a per email+IP limit on failures (Fortify's LoginRateLimiter). */
@Injectable()
export class LoginService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly limiter: RateLimiterService,
  ) {}

  async attempt(email: string, password: string, ip: string): Promise<User> {
    const key = `login:${email.toLowerCase()}|${ip}`;
    const limit = this.config.rateLimits.loginPerMinute;
    await assertNotThrottled(this.limiter, key, limit, 'email', 'login attempts');
    const user = await this.users.findByEmailWithSecrets(email);
    const ok = user
      ? await verifyPassword(password, user.passwordHash)
      : await verifyPassword(password, await (dummyHash ??= hashPassword('not-a-real-password')));
    if (!user || !ok) {
      await countAttempt(this.limiter, key, limit, 60, 'email', 'login attempts');
      throw ValidationFailedException.of('email', FAILED);
    }
    await this.limiter.clear(key);
    if (needsRehash(user.passwordHash)) await this.users.setPasswordHash(user.id, await hashPassword(password));
    return user;
  }

  /** For password confirmation and other re-checks of a signed-in user's password. */
  async checkPassword(userId: string, password: string): Promise<boolean> {
    const user = await this.users.findWithSecrets(userId);
    return !!user && (await verifyPassword(password, user.passwordHash));
  }
}
