/** Wire shapes of people as other screens show them. Type-only. */

export type UserType = 'realtor' | 'team_member' | 'viewer' | 'buyer' | 'follower' | 'affiliate' | 'shopper';

/** What anyone may see of a user: never an email, hash or secret. */
export interface PublicUser {
  id: string;
  name: string;
  handle: string | null;
  type: UserType;
  avatarUrl: string | null;
  bio: string | null;
}

export type UserRole = 'user' | 'admin';

/** The signed-in user's own account (and what admins see of anyone). */
export interface AuthUser extends PublicUser {
  email: string;
  role: UserRole;
  emailVerifiedAt: string | null;
  twoFactorEnabled: boolean;
  timezone: string;
}
