export { UsersService, normalizeEmail } from './users.service';
export { UserAccountService } from './user-account.service';
export { User } from './user.entity';
export { avatarUrl, toPublicUser, toAuthUser, type PublicUser, type AuthUser } from './users.mapper';
export { IsTimeZone } from './dto/update-user.dto';
export { IsHandle } from './handle';
export { timeZones } from './timezones';
export {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  USER_TYPES,
  type UserType,
  type UserRole,
} from './user.entity';
export { isTimeZone } from './timezones';
export { UserJsonExtensions } from './user-json.extensions';
export type { UserSegment } from './users.repository';
