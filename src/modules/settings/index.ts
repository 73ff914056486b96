export { AddressesService } from './addresses.service';
export { AvatarService } from './avatar.service';
export { ProfileService } from './profile.service';
export { toSavedAddress, toShippingAddress } from './settings.mapper';
export { ConnectedAccount } from './entities/connected-account.entity';
export { UserAddress } from './entities/user-address.entity';
