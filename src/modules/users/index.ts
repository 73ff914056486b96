export { UsersService, normalizeEmail } from './users.service';
export { UserAccountService } from './user-account.service';
export { User, avatarUrl, toPublicUser, toAuthUser, type PublicUser, type AuthUser } from './user.entity';
export { ConnectedAccount } from './connected-account.entity';
export { IsTimeZone } from './dto/update-user.dto';
export { IsHandle } from './handle';
export { timeZones } from './timezones';
export { UserAddress } from './user-address.entity';
export {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  USER_TYPES,
  type UserType,
  type UserRole,
} from './user.entity';
export { isTimeZone } from './timezones';
export { UserJsonExtensions } from './user-json.extensions';
