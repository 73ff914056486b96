import { Controller, Get, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import type { StickerPackJson } from '../../contracts/admin-content';
import type { Page } from '../../contracts/common';
import { StickersService } from './stickers.service';

/** The sticker packs people can use (enabled ones), paged. */
@Controller('api')
export class StickersController {
  constructor(private readonly stickers: StickersService) {}

  /** Enabled sticker packs with their stickers, newest first. */
  @Get('stickers')
  list(@Query() query: PageQueryDto): Promise<Page<StickerPackJson>> {
    const { page, perPage } = query.window(20);
    return this.stickers.packs(page, perPage, { enabledOnly: true });
  }
}
