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
