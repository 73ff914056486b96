import { Injectable } from '@nestjs/common';
import { assertOwned } from '../../common/ownership.policy';
import type { ConnectedAccount } from './entities/connected-account.entity';
import { SettingsRepository } from './settings.repository';

/**
 * Linked external accounts. Disconnecting is refused only when it would leave no way to log in; every account here
 * has a password, so it is always allowed today.
 */
@Injectable()
export class ConnectedAccountsService {
  constructor(private readonly repo: SettingsRepository) {}

  listFor(userId: string): Promise<ConnectedAccount[]> {
    return this.repo.connectedAccountsOf(userId);
  }

  /** Unknown id 404, someone else's 403; answers the account removed. */
  async disconnect(userId: string, id: string): Promise<ConnectedAccount> {
    const account = assertOwned(await this.repo.connectedAccountById(id), userId, 'connected account');
    await this.repo.deleteConnectedAccount(userId, id);
    return account;
  }
}
