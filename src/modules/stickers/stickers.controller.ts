import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import type { StickerJson, StickerPackJson } from '../../contracts/admin-content';
import type { Page } from '../../contracts/common';
import { CurrentUser } from '../auth';
import type { User } from '../users';
import { ProfileStickersDto } from './dto/profile-stickers.dto';
import { ProfileStickersService } from './profile-stickers.service';
import { StickerSalesService } from './sticker-sales.service';
import { StickersService } from './stickers.service';

/** The sticker packs people can use (enabled ones), paged; buying a paid pack; the stickers worn on one's profile. */
@Controller('api')
export class StickersController {
  constructor(
    private readonly stickers: StickersService,
    private readonly sales: StickerSalesService,
    private readonly profile: ProfileStickersService,
  ) {}

  /** Enabled sticker packs with their stickers, newest first, each saying whether the caller may send it. */
  @Get('stickers')
  list(@Query() query: PageQueryDto, @CurrentUser() user: User): Promise<Page<StickerPackJson>> {
    const { page, perPage } = query.window(20);
    return this.stickers.packs(page, perPage, { enabledOnly: true, user });
  }

  /** The product variant that buys a paid pack at its price: the client puts it in the cart and checks out. */
  @Post('sticker-packs/:id/purchase')
  @HttpCode(200)
  async purchase(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
  ): Promise<{ message: string; product_slug: string; variant_id: string }> {
    return { message: 'Add the pack to your cart to buy it', ...(await this.sales.productFor(user, id)) };
  }

  /** The stickers the signed-in user wears on their profile, in order. */
  @Get('profile-stickers')
  async profileStickers(@CurrentUser() user: User): Promise<{ stickers: StickerJson[] }> {
    return { stickers: await this.profile.of(user.id) };
  }

  /** Replaces the stickers on the signed-in user's profile (at most six; free packs or packs they own). */
  @Put('profile-stickers')
  async pinProfileStickers(
    @Body() body: ProfileStickersDto,
    @CurrentUser() user: User,
  ): Promise<{ message: string; stickers: StickerJson[] }> {
    return { message: 'Profile stickers saved', stickers: await this.profile.pin(user, body.sticker_ids) };
  }
}
