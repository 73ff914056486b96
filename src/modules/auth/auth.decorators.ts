import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { User, UserRole } from '../users';

export const ACCESS_KEY = 'reelty:access';
export type Access = 'public' | 'guest' | 'user' | 'verified';
export const ROLES_KEY = 'reelty:roles';

/** Anyone, signed in or not. */
export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
/** Only visitors who are not signed in (login, register); signed-in users go to the dashboard. */
export const GuestOnly = () => SetMetadata(ACCESS_KEY, 'guest' satisfies Access);
/** Signed in with a verified email address. */
export const Verified = () => SetMetadata(ACCESS_KEY, 'verified' satisfies Access);
/** Signed in with one of these roles (checked on the server, never trusted from the client). */
export const Roles = (...roles: UserRole[]) => SetMetadata(ROLES_KEY, roles);

declare module 'express' {
  interface Request {
    user?: User;
  }
}

/** The signed-in user; routes without @Public always have one. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): User => {
  return ctx.switchToHttp().getRequest<Request>().user!;
});
