import { Inject, Injectable, Logger } from '@nestjs/common';
import { toString as qrToString } from 'qrcode';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { allKeys } from '../../../config/app-key';
import { ValidationFailedException } from '../../../common/validation';
import { UsersService, type User } from '../../users';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes';
import { seal, unseal, UnsealError } from './sealing';
import { generateTotpSecret, otpauthUri, verifyTotp } from './totp';
import { Clock } from '../../../common/clock';

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/**
 * Two-factor authentication: secrets sealed at rest, codes checked with a ±1 step window and
 * never accepted twice (the last used step is kept), recovery codes hashed and single use.
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger('TwoFactor');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  /** Starts (or restarts) setup: a new secret and new recovery codes; not active until confirmed. */
  async enable(userId: string): Promise<string[]> {
    const codes = generateRecoveryCodes();
    await this.users.startTwoFactor(
      userId,
      seal(generateTotpSecret(), this.config.appKey),
      codes.map(hashRecoveryCode),
    );
    return codes;
  }

  async confirm(userId: string, code: string): Promise<void> {
    const user = await this.users.findWithSecrets(userId);
    if (!user?.twoFactorSecret) throw ValidationFailedException.of('code', 'Start two-factor setup first.');
    if (!(await this.acceptCode(user, code)))
      throw ValidationFailedException.of('code', 'The code is not valid. Check the time on your device and try again.');
    await this.users.confirmTwoFactor(userId);
  }

  async disable(userId: string): Promise<void> {
    await this.users.clearTwoFactor(userId);
  }

  async regenerateRecoveryCodes(userId: string): Promise<string[]> {
    const codes = generateRecoveryCodes();
    await this.users.setRecoveryCodes(userId, codes.map(hashRecoveryCode));
    return codes;
  }

  /** The setup details shown while the user scans the QR code (only before confirmation). */
  async setup(userId: string): Promise<TwoFactorSetup | null> {
    const user = await this.users.findWithSecrets(userId);
    if (!user?.twoFactorSecret || user.twoFactorConfirmedAt) return null;
    const secret = this.readSecret(user.twoFactorSecret);
    const otpauthUrl = otpauthUri(secret, user.email, this.config.appName);
    const qrSvg = await qrToString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUrl, qrSvg };
  }

  async remainingRecoveryCodes(userId: string): Promise<number> {
    const user = await this.users.findWithSecrets(userId);
    return user?.twoFactorRecoveryCodes?.length ?? 0;
  }

  /** A TOTP code for a user with a secret; consumes the step so it cannot be replayed. */
  async acceptCode(user: User, code: string): Promise<boolean> {
    if (!user.twoFactorSecret) return false;
    const step = verifyTotp(this.readSecret(user.twoFactorSecret), code, this.clock.nowMs());
    if (step === null) return false;
    return this.users.claimTotpStep(user.id, step);
  }

  /** The TOTP secret; a clear field error (never a 500) when no configured key can open it. */
  private readSecret(sealed: string): string {
    try {
      return unseal(sealed, allKeys(this.config));
    } catch (error) {
      if (!(error instanceof UnsealError)) throw error;
      this.logger.error(`A two-factor secret cannot be opened: ${error.message}`);
      throw ValidationFailedException.of(
        'code',
        'Two-factor codes cannot be checked right now (the key that protects them was changed). Use a recovery code.',
      );
    }
  }

  /** Uses up one recovery code (atomically, so two requests cannot both spend it). */
  async acceptRecoveryCode(userId: string, code: string): Promise<boolean> {
    return this.users.useRecoveryCode(userId, hashRecoveryCode(code));
  }
}
