export { StickersService, STICKER_MAX_BYTES } from './stickers.service';
