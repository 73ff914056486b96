import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { ConnectedAccount } from './entities/connected-account.entity';
import { UserAddress } from './entities/user-address.entity';

export type AddressFields = Pick<UserAddress, 'label' | 'line1' | 'line2' | 'city' | 'state' | 'zip' | 'countryCode'>;

/**
 * The settings area's tables: user_addresses and connected_accounts. Methods taking an EntityManager run inside the
 * caller's transaction (`transaction(work)`).
 */
@Injectable()
export class SettingsRepository {
  constructor(
    @InjectRepository(UserAddress) private readonly addresses: Repository<UserAddress>,
    @InjectRepository(ConnectedAccount) private readonly accounts: Repository<ConnectedAccount>,
  ) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.addresses.manager.transaction(work);
  }

  // ---- addresses ----

  /** The default first, then oldest first. */
  addressPage(userId: string, offset: number, limit: number): Promise<[UserAddress[], number]> {
    return this.addresses.findAndCount({
      where: { userId },
      order: { isDefault: 'DESC', createdAt: 'ASC' },
      skip: offset,
      take: limit,
    });
  }

  addressById(id: string): Promise<UserAddress | null> {
    return this.addresses.findOneBy({ id });
  }

  countAddresses(userId: string, tx: EntityManager = this.addresses.manager): Promise<number> {
    return tx.getRepository(UserAddress).count({ where: { userId } });
  }

  oldestAddress(tx: EntityManager, userId: string): Promise<UserAddress | null> {
    return tx.getRepository(UserAddress).findOne({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  saveAddress(tx: EntityManager, address: Partial<UserAddress>): Promise<UserAddress> {
    const repo = tx.getRepository(UserAddress);
    return repo.save(repo.create(address));
  }

  /** No address of the user is the default any more (before another one becomes it). */
  async clearDefault(tx: EntityManager, userId: string): Promise<void> {
    await tx.getRepository(UserAddress).update({ userId }, { isDefault: false });
  }

  async setDefault(tx: EntityManager, userId: string, id: string): Promise<void> {
    await tx.getRepository(UserAddress).update({ id, userId }, { isDefault: true });
  }

  async deleteAddress(tx: EntityManager, userId: string, id: string): Promise<void> {
    await tx.getRepository(UserAddress).delete({ id, userId });
  }

  // ---- connected accounts ----

  connectedAccountsOf(userId: string): Promise<ConnectedAccount[]> {
    return this.accounts.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  connectedAccountById(id: string): Promise<ConnectedAccount | null> {
    return this.accounts.findOneBy({ id });
  }

  async deleteConnectedAccount(userId: string, id: string): Promise<void> {
    await this.accounts.delete({ id, userId });
  }
}
