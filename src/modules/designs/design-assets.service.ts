import { iso } from '../../common/iso';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuditHook } from '../../common/audit-hook';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { DesignAssetCategory, DesignAssetJson } from '../../contracts/admin-content';
import type { Page } from '../../contracts/common';
import type { DesignerCatalog } from '../../contracts/designs';
import { CatalogService } from '../commerce';
import { StorageService } from '../storage';
import { DesignAssetsRepository, type DesignAssetRow, type DesignAssetWrite } from './design-assets.repository';
import type { DesignOptions } from './entities';
import { mediaUrl } from '../../common/media-url';
import { denyLockedStyle } from './designs.policy';

export const DESIGN_ASSET_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;
const OPTION_OF: Record<DesignAssetCategory, keyof DesignOptions> = {
  room_type: 'roomType',
  designer: 'designer',
  location: 'location',
  theme: 'theme',
  color: 'colors',
};

export const toDesignAssetJson = (r: DesignAssetRow): DesignAssetJson => ({
  id: r.id,
  category: r.category,
  name: r.name,
  prompt_fragment: r.prompt_fragment,
  colors: r.colors ?? [],
  preview_url: mediaUrl(r.preview_key),
  enabled: r.enabled,
  position: r.position,
  pack: r.pack,
  updated_at: iso(r.updated_at),
});

/**
 * The catalogue the AI designer offers (room types, designers, locations, themes, colours with preview images and
 * prompt fragments), kept in the database so admins edit it and the designer page reads it on every visit.
 */
@Injectable()
export class DesignAssetsService {
  constructor(
    private readonly repo: DesignAssetsRepository,
    private readonly storage: StorageService,
    private readonly catalogue: CatalogService,
  ) {}

  /**
   * What the Designer form offers this user: enabled assets in their order, a style pack's themes only to the pack's
   * holders; the packs on sale they do not hold come back as `locked_packs`, with their styles and where to buy them.
   */
  async catalog(userId: string): Promise<DesignerCatalog> {
    const [rows, held, offers] = await Promise.all([
      this.repo.enabled(),
      this.catalogue.stylePacksOf(userId),
      this.catalogue.stylePackOffers(),
    ]);
    const open = rows.filter((r) => !r.pack || held.includes(r.pack));
    const names = (c: DesignAssetCategory) => open.filter((r) => r.category === c).map((r) => r.name);
    const lockedStyles = (pack: string) => rows.filter((r) => r.pack === pack).map((r) => r.name);
    return {
      roomTypes: names('room_type'),
      themes: names('theme'),
      palettes: Object.fromEntries(open.filter((r) => r.category === 'color').map((r) => [r.name, r.colors])),
      designers: names('designer'),
      locations: names('location'),
      locked_packs: offers
        .filter((o) => !held.includes(o.pack))
        .map((o) => ({ ...o, styles: lockedStyles(o.pack) }))
        .filter((o) => o.styles.length > 0),
    };
  }

  /** 403 when the options name a style of a pack the user does not hold (checked before anything is spent). */
  async assertStylesHeld(userId: string, options: DesignOptions | undefined): Promise<void> {
    const wanted = [options?.theme, options?.designer, options?.roomType, options?.colors]
      .filter((v): v is string => typeof v === 'string')
      .map((v) => v.trim().toLowerCase());
    if (!wanted.length) return;
    const packed = (await this.repo.enabled()).filter((r) => r.pack && wanted.includes(r.name.toLowerCase()));
    if (!packed.length) return;
    const held = await this.catalogue.stylePacksOf(userId);
    const locked = packed.find((r) => !held.includes(r.pack!));
    if (!locked) return;
    const offer = (await this.catalogue.stylePackOffers()).find((o) => o.pack === locked.pack);
    denyLockedStyle(locked.name, offer?.title);
  }

  /** The prompt fragments of the enabled assets the options name (matched case-insensitively). */
  async promptFragments(options: DesignOptions): Promise<string[]> {
    const rows = await this.repo.enabled();
    return rows
      .filter(
        (r) => r.prompt_fragment && options[OPTION_OF[r.category]]?.toString().toLowerCase() === r.name.toLowerCase(),
      )
      .map((r) => r.prompt_fragment!);
  }

  async page(filter: { category?: string; q?: string }, page: number, perPage: number): Promise<Page<DesignAssetJson>> {
    const [rows, total] = await this.repo.page(filter, (page - 1) * perPage, perPage);
    return pageOf(rows.map(toDesignAssetJson), page, perPage, total);
  }

  async create(category: DesignAssetCategory, write: DesignAssetWrite, audit?: AuditHook): Promise<DesignAssetJson> {
    return this.repo.transaction(async (m) => {
      if (await this.repo.nameTaken(category, write.name!, null, m))
        throw ValidationFailedException.of('name', 'This category already has an asset with that name.');
      const row = await this.repo.insert(category, write, m);
      const json = toDesignAssetJson(row);
      await audit?.(m, { id: row.id, before: null, after: json });
      return json;
    });
  }

  async update(id: string, write: DesignAssetWrite, audit?: AuditHook): Promise<DesignAssetJson> {
    return this.repo.transaction(async (m) => {
      const before = await this.repo.find(id, m, true);
      if (!before) throw new NotFoundException('No such design asset.');
      if (write.name && (await this.repo.nameTaken(before.category, write.name, id, m)))
        throw ValidationFailedException.of('name', 'This category already has an asset with that name.');
      const json = toDesignAssetJson(await this.repo.update(id, write, m));
      await audit?.(m, { id, before: toDesignAssetJson(before), after: json });
      return json;
    });
  }

  /** Stores a preview image (type read from the bytes, size capped, re-encoded with a webp thumbnail). */
  async uploadPreview(id: string, bytes: Buffer, audit?: AuditHook): Promise<DesignAssetJson> {
    if (!(await this.repo.find(id))) throw new NotFoundException('No such design asset.');
    const stored = await this.storage.storeImage(
      'design-assets',
      bytes,
      { field: 'preview', maxBytes: DESIGN_ASSET_PREVIEW_MAX_BYTES, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
      [{ name: 'thumb', width: 320 }],
    );
    return this.update(id, { preview_key: stored.variants.thumb?.key ?? stored.key }, audit);
  }
}
