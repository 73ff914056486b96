export { StickersService, STICKER_MAX_BYTES } from './stickers.service';
export { StickerSalesService, STICKER_PACK_CATEGORY } from './sticker-sales.service';
export { ProfileStickersService, PROFILE_STICKERS_MAX } from './profile-stickers.service';
