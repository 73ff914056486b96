import type { AuthUser, PublicUser } from '../../contracts/users';
import type { User } from './user.entity';
import { mediaUrl } from '../../common/media-url';
import { iso } from '../../common/iso';

export type { AuthUser, PublicUser };

export function avatarUrl(user: Pick<User, 'avatarPath'>): string | null {
  return mediaUrl(user.avatarPath);
}

/** What anyone may see of a user: never an email, hash or secret. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    handle: user.handle,
    type: user.type,
    avatarUrl: avatarUrl(user),
    bio: user.bio,
  };
}

/** The account as its owner (and admins) see it. */
export function toAuthUser(user: User): AuthUser {
  return {
    ...toPublicUser(user),
    email: user.email,
    role: user.role,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    twoFactorEnabled: user.twoFactorConfirmedAt !== null,
    timezone: user.timezone,
  };
}
