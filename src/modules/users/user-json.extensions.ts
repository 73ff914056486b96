import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { User } from './user.entity';

export type UserJsonPart = (user: User, req: Request) => Promise<Record<string, unknown>>;

/**
 * Fields other areas add to the signed-in user's own JSON (e.g. teams adds team, teamRole, current_team,
 * team_users), registered in their onModuleInit, so the users module does not depend on them.
 */
@Injectable()
export class UserJsonExtensions {
  private readonly parts: UserJsonPart[] = [];

  register(part: UserJsonPart): void {
    this.parts.push(part);
  }

  async extend<T extends object>(user: User, req: Request, json: T): Promise<T> {
    const extra = await Promise.all(this.parts.map((part) => part(user, req)));
    return Object.assign({}, json, ...extra);
  }
}
