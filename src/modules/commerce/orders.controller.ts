import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { BoostsService } from '../boosts';
import { DigitalPurchasesQueryDto, DownloadQueryDto, MessageDto, ReturnRequestDto } from './dto/commerce.dto';
import { OrdersService } from './orders.service';
import { VaultService } from './vault.service';
import { Authorize } from '../policies';

/** The buyer's side: order history, returns, support per order, digital purchases and the vault. */
@Controller()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly vault: VaultService,
    private readonly boosts: BoostsService,
  ) {}

  @Get('orders')
  async history(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    return Inertia.render('Orders/History', { orders: await this.orders.history(user, query) });
  }

  @Get('orders/returns')
  async returnsPage(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    return Inertia.render('Orders/Returns', {
      returns: await this.orders.returns(user, query),
      orders: await this.orders.history(user, Object.assign(new PageQueryDto(), { per_page: 50 })),
    });
  }

  @Get('orders/digital')
  async digital(@CurrentUser() user: User, @Query() query: DigitalPurchasesQueryDto) {
    return Inertia.render('Orders/DigitalPurchases', {
      items: await this.vault.list(user, query, false),
      boosts: await this.boosts.mine(user.id, query.boosts_page ?? 1, 10),
    });
  }

  @Get('orders/:id/support')
  async support(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Query() query: PageQueryDto) {
    return Inertia.render('Orders/Support', {
      order: await this.orders.show(user, id),
      messages: await this.orders.messages(user, id, query),
    });
  }

  @Get('vault')
  async vaultPage(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    return Inertia.render('Vault/Index', { items: await this.vault.list(user, query, true) });
  }

  @Get('api/orders')
  list(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    return this.orders.history(user, query);
  }

  @Get('api/orders/:id')
  async show(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { order: await this.orders.show(user, id) };
  }

  @Post('api/orders/:id/returns')
  @Authorize('order.return')
  async requestReturn(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Body() dto: ReturnRequestDto) {
    return { return: await this.orders.requestReturn(user, id, dto) };
  }

  @Get('api/returns')
  returns(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    return this.orders.returns(user, query);
  }

  @Get('api/orders/:id/messages')
  messages(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Query() query: PageQueryDto) {
    return this.orders.messages(user, id, query);
  }

  @Post('api/orders/:id/messages')
  @Authorize('order.message')
  async post(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Body() dto: MessageDto) {
    return { message: await this.orders.postMessage(user, id, dto) };
  }

  @Get('api/vault')
  vaultList(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    return this.vault.list(user, query, true);
  }

  @Post('api/vault/:id/link')
  async link(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { link: await this.vault.link(user, id) };
  }

  @Get('vault/download/:id')
  async download(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @Query() query: DownloadQueryDto,
    @Res() res: Response,
  ) {
    const file = await this.vault.download(user, id, String(query.expires ?? ''), String(query.signature ?? ''));
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    file.stream.pipe(res);
  }
}
