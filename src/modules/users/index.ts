export { UsersService, normalizeEmail } from './users.service';
export { UserAccountService } from './user-account.service';
export { User, avatarUrl, toPublicUser, toAuthUser, type PublicUser, type AuthUser } from './user.entity';
export { UsersModule } from './users.module';
