import { Injectable, NotFoundException } from '@nestjs/common';
import { sharp } from '../../common/sharp';
import type { AuditHook } from '../../common/audit-hook';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { StickerJson, StickerPackJson } from '../../contracts/admin-content';
import type { Page } from '../../contracts/common';
import { StorageService } from '../storage';
import type { User } from '../users';
import { toStickerJson, toStickerPackJson } from './stickers.mapper';
import { StickersRepository, type PackWrite } from './stickers.repository';
import { requirePackOwned } from './stickers.policy';

export const STICKER_MAX_BYTES = 1024 * 1024;
export const STICKER_MIMES = ['image/png', 'image/webp', 'image/gif', 'image/jpeg'];
const STICKER_SIDE = 512;
const THUMB_SIDE = 128;

/**
 * Sticker packs people send in chat and put on their profile: admins make packs and upload stickers (type read
 * from the bytes, size capped, stored as transparent webp at full and thumbnail size).
 */
@Injectable()
export class StickersService {
  constructor(
    private readonly repo: StickersRepository,
    private readonly storage: StorageService,
  ) {}

  /** Packs newest first with their stickers (two queries whatever the page size). */
  async packs(
    page: number,
    perPage: number,
    opts: { enabledOnly: boolean; user?: Pick<User, 'id'> },
  ): Promise<Page<StickerPackJson>> {
    const [packs, total] = await this.repo.packs(opts.enabledOnly, (page - 1) * perPage, perPage);
    const ids = packs.map((p) => p.id);
    const [stickers, owned] = await Promise.all([
      this.repo.stickersOf(ids),
      opts.user ? this.repo.ownedOf(opts.user.id, ids) : Promise.resolve(null),
    ]);
    const usable = (p: (typeof packs)[number]) => Number(p.price_minor) === 0 || Boolean(owned?.has(p.id));
    return pageOf(
      packs.map((p) => ({ ...toStickerPackJson(p, stickers), ...(owned ? { usable: usable(p) } : {}) })),
      page,
      perPage,
      total,
    );
  }

  async createPack(write: PackWrite, audit?: AuditHook): Promise<StickerPackJson> {
    return this.repo.transaction(async (m) => {
      const json = toStickerPackJson(await this.repo.insertPack(write, m), []);
      await audit?.(m, { id: json.id, before: null, after: json });
      return json;
    });
  }

  async updatePack(id: string, write: PackWrite, audit?: AuditHook): Promise<StickerPackJson> {
    return this.repo.transaction(async (m) => {
      const before = await this.repo.pack(id, m);
      if (!before) throw new NotFoundException('No such sticker pack.');
      const stickers = await this.repo.stickersOf([id]);
      const after = toStickerPackJson(await this.repo.updatePack(id, write, m), stickers);
      await audit?.(m, { id, before: toStickerPackJson(before, stickers), after });
      return after;
    });
  }

  /** Adds one sticker to a pack from uploaded image bytes. */
  async addSticker(packId: string, name: string, bytes: Buffer, audit?: AuditHook): Promise<StickerJson> {
    if (!(await this.repo.pack(packId))) throw new NotFoundException('No such sticker pack.');
    const rules = { field: 'image', kinds: ['image' as const], maxBytes: STICKER_MAX_BYTES, mimes: STICKER_MIMES };
    this.storage.check(bytes, rules);
    const [full, thumb] = await Promise.all([this.webp(bytes, STICKER_SIDE), this.webp(bytes, THUMB_SIDE)]);
    const webpRules = { ...rules, maxBytes: 4 * STICKER_MAX_BYTES, mimes: ['image/webp'] };
    const image = await this.storage.storeUpload('stickers', full.data, webpRules);
    const small = await this.storage.storeUpload('stickers', thumb.data, webpRules);
    return this.repo.transaction(async (m) => {
      const row = await this.repo.insertSticker(
        { pack_id: packId, name, image_key: image.key, thumb_key: small.key, width: full.width, height: full.height },
        m,
      );
      const json = toStickerJson(row);
      await audit?.(m, { id: packId, before: null, after: json });
      return json;
    });
  }

  async removeSticker(id: string, audit?: AuditHook): Promise<void> {
    const removed = await this.repo.transaction(async (m) => {
      const row = await this.repo.sticker(id, m);
      if (!row) throw new NotFoundException('No such sticker.');
      await this.repo.deleteSticker(id, m);
      await audit?.(m, { id: row.pack_id, before: toStickerJson(row), after: null });
      return row;
    });
    // Keys are write-once: the files go once the row is gone.
    await Promise.all([this.storage.delete(removed.image_key), this.storage.delete(removed.thumb_key)]);
  }

  /**
   * A sticker this user may use now: its pack enabled (otherwise a field error on `field`) and free, or paid and
   * owned by the user (otherwise 403 with a message).
   */
  async usable(user: Pick<User, 'id'>, id: string, field = 'sticker_id'): Promise<StickerJson> {
    const row = await this.repo.enabledSticker(id);
    if (!row) throw ValidationFailedException.of(field, 'That sticker is not available.');
    const paid = Number(row.pack_price_minor) > 0;
    requirePackOwned(paid, paid && (await this.repo.owns(user.id, row.pack_id)), row.pack_name, 'send');
    return toStickerJson(row);
  }

  /** A transparent webp that fits in side × side (animated GIFs keep their first frame). */
  private async webp(bytes: Buffer, side: number): Promise<{ data: Buffer; width: number; height: number }> {
    try {
      const { data, info } = await sharp(bytes, { failOn: 'error' })
        .rotate()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch {
      throw ValidationFailedException.of('image', 'This image could not be read. Try another file.');
    }
  }
}
