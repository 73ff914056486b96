import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import type { StickerJson } from '../../contracts/admin-content';
import type { User } from '../users';
import { toStickerJson } from './stickers.mapper';
import { StickersRepository } from './stickers.repository';
import { requirePackOwned } from './stickers.policy';

/** How many stickers fit on a profile. */
export const PROFILE_STICKERS_MAX = 6;

/**
 * Stickers people wear on their profile: up to PROFILE_STICKERS_MAX, each from an enabled pack that is free or that
 * they own. A pin whose pack is disabled or no longer owned (refunded) is not shown.
 */
@Injectable()
export class ProfileStickersService {
  constructor(private readonly repo: StickersRepository) {}

  /** The stickers this user wears, in their order (one query). */
  async of(userId: string): Promise<StickerJson[]> {
    return (await this.repo.profileStickers(userId)).map(toStickerJson);
  }

  /**
   * Replaces the user's profile stickers: an unknown or unavailable sticker is a field error, a paid pack's sticker
   * the user does not own is 403.
   */
  async pin(user: Pick<User, 'id'>, stickerIds: string[]): Promise<StickerJson[]> {
    if (stickerIds.length > PROFILE_STICKERS_MAX)
      throw ValidationFailedException.of('sticker_ids', `At most ${PROFILE_STICKERS_MAX} stickers fit on a profile.`);
    const picks = new Map((await this.repo.stickersForUser(user.id, stickerIds)).map((p) => [p.id, p]));
    stickerIds.forEach((id, i) => {
      const pick = picks.get(id);
      if (!pick) throw ValidationFailedException.of(`sticker_ids.${i}`, 'That sticker is not available.');
      requirePackOwned(pick.price_minor > 0, pick.owned, pick.pack_name, 'wear');
    });
    await this.repo.transaction((m) => this.repo.replacePins(user.id, stickerIds, m));
    return this.of(user.id);
  }

  /** Takes every sticker off the user's profile (account deletion), inside the caller's transaction. */
  clear(userId: string, m: EntityManager): Promise<void> {
    return this.repo.replacePins(userId, [], m);
  }
}
