import { Injectable } from '@nestjs/common';
import type { User } from '../users';

/** Decides whether `user` (null for guests) may read the object at `key`. */
export type MediaAccessRule = (key: string, user: User | null) => boolean | Promise<boolean>;

/**
 * Each area registers who may read the files under its key prefix (e.g. "listings/" asks the
 * listing module whether the listing is published or owned). Unknown prefixes are refused.
 */
@Injectable()
export class MediaAccessRegistry {
  private readonly rules = new Map<string, MediaAccessRule>();

  register(prefix: string, rule: MediaAccessRule): void {
    this.rules.set(prefix.replace(/\/?$/, '/'), rule);
  }

  async canRead(key: string, user: User | null): Promise<boolean> {
    for (const [prefix, rule] of this.rules) {
      if (key.startsWith(prefix)) return rule(key, user);
    }
    return false;
  }
}
