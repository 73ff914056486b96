import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events';
import { CreditsRepository } from './credits.repository';
import { CreditsService } from './credits.service';

export const WELCOME_CREDITS = Symbol('WELCOME_CREDITS');
export const WELCOME_REASON = 'Welcome credits';

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
