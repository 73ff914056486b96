import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ConfigError } from '../../config/app-config';
import { DomainEvents } from '../events';
import { CreditsRepository } from './credits.repository';
import { CreditsService } from './credits.service';

export const WELCOME_CREDITS = Symbol('WELCOME_CREDITS');
export const DEFAULT_WELCOME_CREDITS = 10;
export const WELCOME_REASON = 'Welcome credits';

/** WELCOME_CREDITS: image credits a newly verified account receives (0 turns the grant off). */
export function welcomeCreditsFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.WELCOME_CREDITS;
  if (raw === undefined || raw === '') return DEFAULT_WELCOME_CREDITS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 10_000)
    throw new ConfigError(`WELCOME_CREDITS must be a whole number between 0 and 10000, got "${raw}"`);
  return value;
}

/**
 * A new account can try the designer at once: when its email address is verified it receives
 * WELCOME_CREDITS image credits, once per account (welcome_grants is keyed by the user, so a repeated
 * event or a second verification after an email change grants nothing).
 */
@Injectable()
export class WelcomeCredits implements OnModuleInit {
  constructor(
    private readonly repo: CreditsRepository,
    private readonly credits: CreditsService,
    private readonly events: DomainEvents,
    @Inject(WELCOME_CREDITS) private readonly amount: number,
  ) {}

  onModuleInit(): void {
    this.events.subscribe('user.verified', 'credits.welcome', async (event) => {
      await this.grantOnce(event.payload.user_id);
    });
  }

  /** Grants the welcome credits unless this user already had them; true when granted now. */
  async grantOnce(userId: string): Promise<boolean> {
    if (this.amount <= 0) return false;
    return this.repo.inTransaction(undefined, async (m) => {
      if (!(await this.repo.claimWelcome(m, userId, this.amount))) return false;
      await this.credits.grant(userId, this.amount, WELCOME_REASON, m);
      return true;
    });
  }
}
