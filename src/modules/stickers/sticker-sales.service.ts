import { Injectable, NotFoundException } from '@nestjs/common';
import { ValidationFailedException } from '../../common/validation';
import type { OrderPaidEvent, OrderRefundedEvent } from '../../contracts/events';
import { CatalogService, OrdersService } from '../commerce';
import type { User } from '../users';
import { StickersRepository } from './stickers.repository';

/** The commerce category paid sticker packs sell in. */
export const STICKER_PACK_CATEGORY = 'sticker-packs';

/**
 * Paid sticker packs sold through commerce: a priced pack is a commerce product (one per price it was sold at, so a
 * repriced pack never sells at an old price), bought through the cart and checkout like anything else; when the
 * order is paid (`order.paid`) the buyer owns the pack; when the pack's order line is refunded in full
 * (`order.refunded`) the pack is taken back.
 */
@Injectable()
export class StickerSalesService {
  constructor(
    private readonly repo: StickersRepository,
    private readonly catalog: CatalogService,
    private readonly orders: OrdersService,
  ) {}

  /** The product variant to put in the cart to buy the pack at its current price. */
  async productFor(user: Pick<User, 'id'>, packId: string): Promise<{ product_slug: string; variant_id: string }> {
    const pack = await this.repo.pack(packId);
    if (!pack || !pack.enabled) throw new NotFoundException('No such sticker pack.');
    const price = Number(pack.price_minor);
    if (price <= 0) throw ValidationFailedException.of('pack', 'This sticker pack is free: no need to buy it.');
    if (await this.repo.owns(user.id, pack.id))
      throw ValidationFailedException.of('pack', 'You own this pack already.');
    const currency = pack.currency.trim();
    const slug = `sticker-pack-${pack.id}-${price}-${currency.toLowerCase()}`;
    const productId = await this.catalog.ensureProduct({
      slug,
      title: `Sticker pack: ${pack.name}`,
      summary: pack.description ?? `The "${pack.name}" stickers, to send in chat.`,
      description: pack.description ?? `The "${pack.name}" stickers, to send in chat and wear on your profile.`,
      department: 'ai',
      category: STICKER_PACK_CATEGORY,
      kind: 'service',
      variants: [{ sku: slug, name: pack.name, priceMinor: price, currency }],
    });
    await this.repo.linkProduct(productId, { id: pack.id, price_minor: price, currency });
    const product = await this.catalog.show(slug);
    return { product_slug: slug, variant_id: product.variants[0].id };
  }

  /**
   * order.paid: the buyer owns every sticker pack the order's lines sold, except lines already refunded in full (an
   * event delivered late); a repeated event changes nothing.
   */
  async onOrderPaid(order: OrderPaidEvent): Promise<void> {
    if (!order.user_id) return;
    const lines = order.lines.filter((l) => l.category === STICKER_PACK_CATEGORY);
    if (!lines.length) return;
    const refunded = await this.refundedProducts(order.order_id);
    const packs = await this.repo.packsOfProducts(lines.map((l) => l.product_id).filter((id) => !refunded.has(id)));
    await this.repo.grantOwners(
      packs.map((p) => ({ userId: order.user_id!, packId: p.pack_id, orderId: order.order_id })),
    );
  }

  /**
   * order.refunded: the packs whose order line is now refunded in full go back (the ownership this order granted,
   * and the buyer's profile pins of their stickers); a partial refund keeps the pack. Repeating it changes nothing.
   */
  async onOrderRefunded(refund: OrderRefundedEvent): Promise<void> {
    if (!refund.user_id) return;
    const refunded = await this.refundedProducts(refund.order_id);
    const packs = await this.repo.packsOfProducts([...refunded]);
    await this.repo.revokeFromOrder(
      refund.user_id,
      packs.map((p) => p.pack_id),
      refund.order_id,
    );
  }

  /** The sticker-pack products of the order whose line is refunded in full (from commerce). */
  private async refundedProducts(orderId: string): Promise<Set<string>> {
    const { order } = await this.orders.adminShow(orderId);
    return new Set(
      order.lines
        .filter((l) => l.category === STICKER_PACK_CATEGORY && l.refunded.amount_minor >= l.total.amount_minor)
        .map((l) => l.product_id),
    );
  }
}
