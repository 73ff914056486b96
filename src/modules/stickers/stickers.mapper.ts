import { iso } from '../../common/iso';
import type { StickerJson, StickerPackJson } from '../../contracts/admin-content';
import type { PackRow, StickerRow } from './stickers.repository';
import { mediaUrl } from '../../common/media-url';

export const toStickerJson = (s: StickerRow): StickerJson => ({
  id: s.id,
  pack_id: s.pack_id,
  name: s.name,
  url: mediaUrl(s.image_key),
  thumb_url: mediaUrl(s.thumb_key),
  width: s.width,
  height: s.height,
});

export const toStickerPackJson = (p: PackRow, stickers: StickerRow[]): StickerPackJson => ({
  id: p.id,
  name: p.name,
  description: p.description,
  enabled: p.enabled,
  price_minor: Number(p.price_minor),
  currency: p.currency.trim(),
  stickers: stickers.filter((s) => s.pack_id === p.id).map(toStickerJson),
  created_at: iso(p.created_at),
});
