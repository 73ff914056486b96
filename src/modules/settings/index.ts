export { AddressesService } from './addresses.service';
export { AvatarService } from './avatar.service';
export { ProfileService } from './profile.service';
