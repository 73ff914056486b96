import type { SavedAddress, ShippingAddress } from '../../contracts/commerce';
import type { Address, ConnectedAccount as ConnectedAccountJson } from '../../contracts/settings';
import type { ConnectedAccount } from './entities/connected-account.entity';
import type { UserAddress } from './entities/user-address.entity';
import { iso } from '../../common/iso';

export function toAddressJson(address: UserAddress): Address {
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

/** A saved address as a shipping address, addressed to `name`. */
export function toShippingAddress(address: UserAddress, name: string): ShippingAddress {
  return {
    name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country_code: address.countryCode,
  };
}

/** A saved address as checkout offers it. */
export function toSavedAddress(address: UserAddress, name: string): SavedAddress {
  return { id: address.id, label: address.label, ...toShippingAddress(address, name), is_default: address.isDefault };
}

export function toConnectedAccountJson(account: ConnectedAccount): ConnectedAccountJson {
  return {
    id: account.id,
    provider: account.provider,
    displayName: account.displayName,
    connectedAt: iso(account.createdAt),
  };
}
