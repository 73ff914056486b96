import { Injectable } from '@nestjs/common';
import { ValidationFailedException } from '../../../common/validation';
import { User, UsersService } from '../../users';
import { hashPassword, needsRehash, verifyPassword } from '../password';
import { AuthLimitsService } from './auth-limits.service';

const FAILED = 'These credentials do not match our records.';
export const SUSPENDED = 'This account is suspended. Please contact support if you think this is a mistake.';
// A fixed hash to verify against when the email is unknown, so both cases take the same time.
let dummyHash: Promise<string> | null = null;

/** Checks credentials, with failures limited per account, per IP and per IP range (AuthLimitsService). */
@Injectable()
export class LoginService {
  constructor(
    private readonly users: UsersService,
    private readonly limits: AuthLimitsService,
  ) {}

  async attempt(email: string, password: string, ip: string): Promise<User> {
    await this.limits.assertLoginAllowed(email, ip);
    const user = await this.users.findByEmailWithSecrets(email);
    const ok = user
      ? await verifyPassword(password, user.passwordHash)
      : await verifyPassword(password, await (dummyHash ??= hashPassword('not-a-real-password')));
    if (!user || !ok) {
      await this.limits.loginFailed(email, ip);
      throw ValidationFailedException.of('email', FAILED);
    }
    await this.limits.loginSucceeded(email);
    // Told only after the right password, so the message does not reveal which addresses are suspended.
    if (user.suspendedAt) throw ValidationFailedException.of('email', SUSPENDED);
    if (needsRehash(user.passwordHash)) await this.users.setPasswordHash(user.id, await hashPassword(password));
    return user;
  }

  /**
   * For password confirmation and other re-checks of a signed-in user's password; wrong passwords
   * are limited per user (429 on `field` once they back off).
   */
  async checkPassword(userId: string, password: string, field = 'password'): Promise<boolean> {
    return this.limits.checkPassword(userId, field, async () => {
      const user = await this.users.findWithSecrets(userId);
      return !!user && (await verifyPassword(password, user.passwordHash));
    });
  }
}
