import { Injectable } from '@nestjs/common';
import { assertOwned } from '../../common/ownership.policy';
import { isUuid } from '../../common/uuid.pipe';
import { AddressDto } from './dto/settings.dto';
import type { UserAddress } from './entities/user-address.entity';
import { type AddressFields, SettingsRepository } from './settings.repository';

export const ADDRESSES_PER_PAGE = 10;
export const MAX_ADDRESSES = 50;

/** A user's saved addresses; at most one is the default (the first one added becomes it). */
@Injectable()
export class AddressesService {
  constructor(private readonly repo: SettingsRepository) {}

  async page(
    userId: string,
    page: number,
  ): Promise<{ data: UserAddress[]; total: number; lastPage: number; currentPage: number }> {
    const [data, total] = await this.repo.addressPage(userId, (page - 1) * ADDRESSES_PER_PAGE, ADDRESSES_PER_PAGE);
    return { data, total, currentPage: page, lastPage: Math.max(1, Math.ceil(total / ADDRESSES_PER_PAGE)) };
  }

  /** The user's default address (null when they saved none). */
  async defaultOf(userId: string): Promise<UserAddress | null> {
    return (await this.page(userId, 1)).data.find((a) => a.isDefault) ?? null;
  }

  async create(userId: string, input: AddressDto): Promise<UserAddress> {
    return this.repo.transaction(async (tx) => {
      const isDefault = (await this.repo.countAddresses(userId, tx)) === 0 || input.isDefault === true;
      if (isDefault) await this.repo.clearDefault(tx, userId);
      return this.repo.saveAddress(tx, { ...fields(input), userId, isDefault });
    });
  }

  async update(userId: string, id: string, input: AddressDto): Promise<UserAddress> {
    const address = await this.findOwned(userId, id);
    return this.repo.transaction(async (tx) => {
      if (input.isDefault === true && !address.isDefault) await this.repo.clearDefault(tx, userId);
      const isDefault = input.isDefault === true || address.isDefault;
      return this.repo.saveAddress(tx, { ...address, ...fields(input), isDefault });
    });
  }

  async makeDefault(userId: string, id: string): Promise<void> {
    await this.findOwned(userId, id);
    await this.repo.transaction(async (tx) => {
      await this.repo.clearDefault(tx, userId);
      await this.repo.setDefault(tx, userId, id);
    });
  }

  /** Removing the default hands the role to the oldest remaining address. */
  async remove(userId: string, id: string): Promise<void> {
    const address = await this.findOwned(userId, id);
    await this.repo.transaction(async (tx) => {
      await this.repo.deleteAddress(tx, userId, id);
      if (address.isDefault) {
        const next = await this.repo.oldestAddress(tx, userId);
        if (next) await this.repo.setDefault(tx, userId, next.id);
      }
    });
  }

  count(userId: string): Promise<number> {
    return this.repo.countAddresses(userId);
  }

  /** Unknown id 404, someone else's address 403 (the ownership rule). */
  async findOwned(userId: string, id: string): Promise<UserAddress> {
    return assertOwned(isUuid(id) ? await this.repo.addressById(id) : null, userId, 'address');
  }
}

function fields(input: AddressDto): AddressFields {
  return {
    label: input.label,
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    state: input.state,
    zip: input.zip,
    countryCode: input.countryCode,
  };
}
