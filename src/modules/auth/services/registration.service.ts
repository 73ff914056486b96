import { Inject, Injectable } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { ValidationFailedException } from '../../../common/validation';
import { RateLimiterService } from '../../security';
import { UserAccountService } from '../../users';
import { User } from '../../users';
import { UsersService } from '../../users';
import type { UserRegisteredEvent } from '../../../contracts/events';
import { DomainEvents } from '../../events';
import { Clock } from '../../../common/clock';
import { TeamsService } from '../../teams';
import { RegisterDto } from '../dto/auth.dto';
import { hashPassword } from '../password';
import { countAttempt } from '../throttle';
import { EmailVerificationService } from './email-verification.service';

/** Creates accounts (unverified) and mails the verification link. */
@Injectable()
export class RegistrationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly accounts: UserAccountService,
    private readonly verification: EmailVerificationService,
    private readonly limiter: RateLimiterService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    private readonly teams: TeamsService,
  ) {}

  async register(
    input: RegisterDto,
    ip: string,
    attribution: UserRegisteredEvent['attribution'] = null,
  ): Promise<User> {
    await countAttempt(
      this.limiter,
      `register:${ip}`,
      this.config.rateLimits.registerPerHour,
      3600,
      'email',
      'sign-up attempts from this network',
    );
    if (await this.users.findByEmail(input.email))
      throw ValidationFailedException.of('email', 'An account with this email address already exists.');
    if (input.handle) await this.accounts.assertHandleAvailable(input.handle);
    let user: User;
    try {
      user = await this.users.create({
        name: input.name,
        email: input.email,
        handle: input.handle ?? null,
        type: input.type,
        passwordHash: await hashPassword(input.password),
      });
    } catch (error) {
      if (error instanceof QueryFailedError && String((error as { code?: string }).code) === '23505') {
        const detail = String((error as { detail?: string }).detail ?? '');
        throw detail.includes('handle')
          ? ValidationFailedException.of('handle', 'This handle is already taken.')
          : ValidationFailedException.of('email', 'An account with this email address already exists.');
      }
      throw error;
    }
    // Every account starts with its own personal team, current from the first request.
    await this.teams.ensurePersonalTeam(user);
    await this.verification.send(user);
    await this.events.publish('user.registered', `user.registered|${user.id}`, {
      user_id: user.id,
      email: user.email,
      registered_at: this.clock.now().toISOString(),
      attribution,
    });
    return user;
  }
}
