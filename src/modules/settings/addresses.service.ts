import { Injectable } from '@nestjs/common';
import { assertOwned } from '../../common/ownership';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserAddress } from '../users';
import { AddressDto } from './dto/settings.dto';

export const ADDRESSES_PER_PAGE = 10;
export const MAX_ADDRESSES = 50;

/** A user's saved addresses; at most one is the default (the first one added becomes it). */
@Injectable()
export class AddressesService {
  constructor(@InjectRepository(UserAddress) private readonly addresses: Repository<UserAddress>) {}

  async page(
    userId: string,
    page: number,
  ): Promise<{ data: UserAddress[]; total: number; lastPage: number; currentPage: number }> {
    const [data, total] = await this.addresses.findAndCount({
      where: { userId },
      order: { isDefault: 'DESC', createdAt: 'ASC' },
      skip: (page - 1) * ADDRESSES_PER_PAGE,
      take: ADDRESSES_PER_PAGE,
    });
    return { data, total, currentPage: page, lastPage: Math.max(1, Math.ceil(total / ADDRESSES_PER_PAGE)) };
  }

  async create(userId: string, input: AddressDto): Promise<UserAddress> {
    return this.addresses.manager.transaction(async (tx) => {
      const repo = tx.getRepository(UserAddress);
      const count = await repo.count({ where: { userId } });
      const isDefault = count === 0 || input.isDefault === true;
      if (isDefault) await repo.update({ userId }, { isDefault: false });
      return repo.save(repo.create({ ...fields(input), userId, isDefault }));
    });
  }

  async update(userId: string, id: string, input: AddressDto): Promise<UserAddress> {
    const address = await this.findOwned(userId, id);
    return this.addresses.manager.transaction(async (tx) => {
      const repo = tx.getRepository(UserAddress);
      if (input.isDefault === true && !address.isDefault) await repo.update({ userId }, { isDefault: false });
      const isDefault = input.isDefault === true || address.isDefault;
      return repo.save({ ...address, ...fields(input), isDefault });
    });
  }

  async makeDefault(userId: string, id: string): Promise<void> {
    await this.findOwned(userId, id);
    await this.addresses.manager.transaction(async (tx) => {
      await tx.getRepository(UserAddress).update({ userId }, { isDefault: false });
      await tx.getRepository(UserAddress).update({ id, userId }, { isDefault: true });
    });
  }

  /** Removing the default hands the role to the oldest remaining address. */
  async remove(userId: string, id: string): Promise<void> {
    const address = await this.findOwned(userId, id);
    await this.addresses.manager.transaction(async (tx) => {
      const repo = tx.getRepository(UserAddress);
      await repo.delete({ id, userId });
      if (address.isDefault) {
        const next = await repo.findOne({ where: { userId }, order: { createdAt: 'ASC' } });
        if (next) await repo.update({ id: next.id }, { isDefault: true });
      }
    });
  }

  count(userId: string): Promise<number> {
    return this.addresses.count({ where: { userId } });
  }

  /** Unknown id 404, someone else's address 403 (the ownership rule). */
  async findOwned(userId: string, id: string): Promise<UserAddress> {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    return assertOwned(UUID.test(id) ? await this.addresses.findOneBy({ id }) : null, userId, 'address');
  }
}

function fields(input: AddressDto) {
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

export function toAddressView(address: UserAddress) {
  return {
    id: address.id,
    label: address.label,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    countryCode: address.countryCode,
    isDefault: address.isDefault,
  };
}
