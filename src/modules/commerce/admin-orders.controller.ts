import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Roles } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { AdminOrderQueryDto, FulfilOrderDto, RefundDto, ReturnDecisionDto } from './dto/commerce.dto';
import { IdempotencyService } from './idempotency.service';
import { OrdersService } from './orders.service';
import { RefundsService } from './refunds.service';
import { formFilters } from '../../common/form-filters';

/** Admin Orders (the platform is the seller): search, refund, fulfil with tracking, returns, CSV, audit trail. */
@Controller()
@Roles('admin')
export class AdminOrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly refunds: RefundsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  @Get('admin/orders')
  async page(@Query() query: AdminOrderQueryDto) {
    return Inertia.render('Admin/Orders/Index', {
      orders: await this.orders.search(query),
      returns: await this.orders.returns(null, Object.assign(new AdminOrderQueryDto(), { per_page: 20 })),
      filters: formFilters(query, ['q', 'status', 'payment_status', 'fulfilment_status', 'return_status']),
    });
  }

  @Get('orders/unfulfilled')
  async unfulfilled(@Query() query: AdminOrderQueryDto) {
    return Inertia.render('Orders/Unfulfilled', { orders: await this.orders.search(query, true) });
  }

  @Get('api/admin/orders')
  list(@Query() query: AdminOrderQueryDto) {
    return this.orders.search(query);
  }

  @Get('api/admin/orders/unfulfilled')
  unfulfilledList(@Query() query: AdminOrderQueryDto) {
    return this.orders.search(query, true);
  }

  @Get('api/admin/orders/export.csv')
  export(@Query() query: AdminOrderQueryDto, @Res() res: Response) {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="orders.csv"');
    Readable.from(this.orders.csv(query)).pipe(res);
  }

  @Get('api/admin/orders/:id')
  show(@Param('id', UuidPipe) id: string) {
    return this.orders.adminShow(id);
  }

  @Post('api/admin/orders/:id/refunds')
  @HttpCode(200)
  async refund(
    @CurrentUser() admin: User,
    @Param('id', UuidPipe) id: string,
    @Body() dto: RefundDto,
    @Headers('idempotency-key') key?: string,
  ) {
    return {
      refund: await this.idempotency.run(`refund:${id}`, key, dto, () => this.refunds.refund(id, admin.id, dto)),
    };
  }

  @Post('api/admin/orders/:id/fulfil')
  @HttpCode(200)
  async fulfil(@CurrentUser() admin: User, @Param('id', UuidPipe) id: string, @Body() dto: FulfilOrderDto) {
    return { order: await this.orders.fulfil(admin, id, dto) };
  }

  @Post('api/admin/returns/:id/decision')
  @HttpCode(200)
  async decide(@CurrentUser() admin: User, @Param('id', UuidPipe) id: string, @Body() dto: ReturnDecisionDto) {
    return { return: await this.orders.decideReturn(admin, id, dto) };
  }
}
