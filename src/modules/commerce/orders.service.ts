import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Page } from '../../contracts/common';
import type { AdminOrder, AuditEntry, Order, OrderMessage, OrderReturn, Refund } from '../../contracts/commerce';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { CommerceMailService } from './commerce-mail.service';
import {
  toAdminOrderJson,
  toAuditJson,
  toMessageJson,
  toOrderJson,
  toRefundJson,
  toReturnJson,
} from './commerce.mapper';
import type {
  AdminOrderQueryDto,
  FulfilOrderDto,
  MessageDto,
  ReturnDecisionDto,
  ReturnRequestDto,
} from './dto/commerce.dto';
import { assertMove, canMoveOrder, canMoveReturn, canRequestReturn } from './order-state';
import { OrdersRepository, type OrderRow, type OrderSearch } from './orders.repository';
import { RefundsRepository } from './refunds.repository';
import type { PageQueryDto } from '../../common/page-query.dto';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { requireOrderOwner } from './commerce.policy';

/** Orders for their buyer (history, returns, support) and for admins (search, fulfil, returns, audit, CSV). */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly refunds: RefundsRepository,
    private readonly mail: CommerceMailService,
    private readonly limiter: RateLimiterService,
    private readonly clock: Clock,
  ) {}

  async history(user: User, query: PageQueryDto): Promise<Page<Order>> {
    return this.page({ userId: user.id }, query, toOrderJson);
  }

  async show(user: User, orderId: string): Promise<Order> {
    const order = await this.visible(user, orderId);
    return toOrderJson(order, await this.orders.lines([order.id]));
  }

  async requestReturn(user: User, orderId: string, dto: ReturnRequestDto): Promise<OrderReturn> {
    const order = await this.visible(user, orderId, false);
    const created = await this.orders.transaction(async (m) => {
      const locked = (await this.orders.lock(order.id, m))!;
      if (!canRequestReturn(locked.payment_status, locked.return_status))
        throw new ConflictException(
          `Order ${locked.number} cannot be returned now (payment ${locked.payment_status}, return ${locked.return_status ?? 'none'}).`,
        );
      const row = await this.refunds.insertReturn(order.id, user.id, dto.reason.trim(), m);
      await this.orders.update(order.id, { return_status: 'requested' }, m);
      await this.orders.audit(order.id, user.id, 'return_requested', { return_id: row.id }, m);
      return row;
    });
    await this.mail.returnUpdate(order, 'requested');
    return toReturnJson({ ...created, order_number: order.number });
  }

  async returns(user: User | null, query: PageQueryDto): Promise<Page<OrderReturn>> {
    const { page, perPage, offset } = query.window(20);
    const { rows, total } = await this.refunds.returnsOf(user?.id ?? null, perPage, offset);
    return pageOf(rows.map(toReturnJson), page, perPage, total);
  }

  async messages(user: User, orderId: string, query: PageQueryDto): Promise<Page<OrderMessage>> {
    await this.visible(user, orderId);
    const { page, perPage, offset } = query.window(50);
    const { rows, total } = await this.orders.messages(orderId, perPage, offset);
    return pageOf(rows.map(toMessageJson), page, perPage, total);
  }

  async postMessage(user: User, orderId: string, dto: MessageDto): Promise<OrderMessage> {
    const order = await this.visible(user, orderId);
    await this.limiter.hit(`order-message:${user.id}`, 20, 60);
    const fromStaff = user.role === 'admin' && order.user_id !== user.id;
    const row = await this.orders.insertMessage(order.id, user.id, fromStaff, dto.body.trim());
    if (fromStaff) await this.mail.supportReply(order);
    return toMessageJson({ ...row, author_name: user.name });
  }

  // ---- admin ----

  async search(query: AdminOrderQueryDto, unfulfilledOnly = false): Promise<Page<AdminOrder>> {
    const filters: Omit<OrderSearch, 'limit' | 'offset'> = {
      q: query.q?.trim() || undefined,
      status: query.status,
      paymentStatus: query.payment_status,
      fulfilmentStatus: query.fulfilment_status,
      returnStatus: query.return_status,
      unfulfilledOnly,
    };
    return this.page(filters, query, toAdminOrderJson);
  }

  async adminShow(orderId: string): Promise<{ order: AdminOrder; audit: AuditEntry[]; refunds: Refund[] }> {
    const order = await this.orders.find(orderId);
    if (!order) throw new NotFoundException('There is no such order.');
    const [lines, audit, refunds] = await Promise.all([
      this.orders.lines([orderId]),
      this.orders.auditTrail(orderId),
      this.refunds.refundsOf(orderId),
    ]);
    return {
      order: toAdminOrderJson(order, lines),
      audit: audit.map(toAuditJson),
      refunds: refunds.map((r) => toRefundJson(r, order.currency)),
    };
  }

  /** Ships the physical goods of a paid order with a tracking number. */
  async fulfil(admin: User, orderId: string, dto: FulfilOrderDto): Promise<AdminOrder> {
    const shipped = await this.orders.transaction(async (m) => {
      const order = await this.orders.lock(orderId, m);
      if (!order) throw new NotFoundException('There is no such order.');
      const paid = order.payment_status === 'paid' || order.payment_status === 'partially_refunded';
      if (!order.requires_shipping || !paid || order.fulfilment_status === 'fulfilled')
        throw new ConflictException(`Order ${order.number} has nothing paid waiting to ship.`);
      assertMove('order', order.status, 'fulfilled', canMoveOrder);
      const row = await this.orders.update(
        order.id,
        {
          fulfilment_status: 'fulfilled',
          status: 'fulfilled',
          tracking_carrier: dto.carrier.trim(),
          tracking_number: dto.tracking_number.trim(),
          fulfilled_at: this.clock.now(),
        },
        m,
      );
      await this.orders.audit(
        order.id,
        admin.id,
        'fulfilled',
        { carrier: dto.carrier, tracking_number: dto.tracking_number },
        m,
      );
      return row;
    });
    await this.mail.shipped(shipped);
    return toAdminOrderJson(shipped, await this.orders.lines([orderId]));
  }

  async decideReturn(admin: User, returnId: string, dto: ReturnDecisionDto): Promise<OrderReturn> {
    const found = await this.refunds.findReturn(returnId);
    if (!found) throw new NotFoundException('There is no such return.');
    const order = await this.orders.transaction(async (m) => {
      const locked = (await this.orders.lock(found.order_id, m))!;
      const open = await this.refunds.openReturn(found.order_id, m);
      if (!open || open.id !== returnId) throw new ConflictException('This return is already closed.');
      assertMove('return', open.status, dto.status, canMoveReturn);
      await this.refunds.setReturnStatus(returnId, dto.status, m);
      await this.orders.audit(locked.id, admin.id, `return_${dto.status}`, { return_id: returnId }, m);
      return this.orders.update(locked.id, { return_status: dto.status }, m);
    });
    await this.mail.returnUpdate(order, dto.status);
    return toReturnJson({ ...found, status: dto.status, order_number: order.number });
  }

  /** Every matching order as CSV rows (fetched in pages so memory stays flat). */
  async *csv(query: AdminOrderQueryDto): AsyncGenerator<string> {
    yield 'number,created_at,email,status,payment_status,fulfilment_status,return_status,currency,total_minor,refunded_minor,tracking_number\n';
    for (let offset = 0; ; offset += 500) {
      const { rows } = await this.orders.search({
        q: query.q?.trim() || undefined,
        status: query.status,
        paymentStatus: query.payment_status,
        fulfilmentStatus: query.fulfilment_status,
        returnStatus: query.return_status,
        limit: 500,
        offset,
      });
      for (const o of rows)
        yield (
          [
            o.number,
            new Date(o.created_at).toISOString(),
            o.email,
            o.status,
            o.payment_status,
            o.fulfilment_status,
            o.return_status ?? '',
            o.currency,
            o.total_minor,
            o.refunded_minor,
            o.tracking_number ?? '',
          ]
            .map(csvCell)
            .join(',') + '\n'
        );
      if (rows.length < 500) return;
    }
  }

  /** The buyer sees their own orders, admins every order; others get 403, unknown ids 404. */
  /** The order for its buyer, and for the shop's admins unless `adminToo` is false (a return is the buyer's). */
  async visible(user: User, orderId: string, adminToo = true): Promise<OrderRow> {
    const order = await this.orders.find(orderId);
    if (!order) throw new NotFoundException('There is no such order.');
    requireOrderOwner(user, order, adminToo);
    return order;
  }

  private async page<T>(
    filters: Omit<OrderSearch, 'limit' | 'offset'>,
    query: PageQueryDto,
    map: (o: OrderRow, lines: Awaited<ReturnType<OrdersRepository['lines']>>) => T,
  ): Promise<Page<T>> {
    const { page, perPage, offset } = query.window(20);
    const { rows, total } = await this.orders.search({ ...filters, limit: perPage, offset });
    const lines = await this.orders.lines(rows.map((r) => r.id));
    return pageOf(
      rows.map((r) => map(r, lines)),
      page,
      perPage,
      total,
    );
  }

  /** Orders paid in [start, end) and their totals per currency (minor units), for the admin metrics rollup. */
  paidBetween(
    start: Date,
    end: Date,
  ): Promise<{ orders: number; revenue: Array<{ currency: string; amountMinor: number }> }> {
    return this.orders.paidBetween(start, end);
  }
}

/** Quotes a CSV cell and defuses spreadsheet formulas (a cell starting with = + - @). */
function csvCell(value: unknown): string {
  let text = String(value ?? '');
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n]/.test(text) || text !== String(value ?? '') ? `"${text.replace(/"/g, '""')}"` : text;
}
