export { StickersService, STICKER_MAX_BYTES } from './stickers.service';
export { StickerSalesService, STICKER_PACK_CATEGORY } from './sticker-sales.service';
