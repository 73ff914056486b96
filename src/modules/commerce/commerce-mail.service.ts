import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailService } from '../mail';
import type { OrderLineRow, OrderRow } from './orders.repository';
import { escapeHtml } from '../../common/escape-html';

/** Order emails, all through the mail queue. Plain words, the order number in every subject. */
@Injectable()
export class CommerceMailService {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  paid(order: OrderRow, lines: OrderLineRow[]) {
    const list = lines.map((l) => `${l.quantity} × ${l.title} — ${amount(l.total_minor, order.currency)}`);
    return this.send(order, `Receipt for order ${order.number}`, [
      `Thank you: we received ${amount(order.total_minor, order.currency)} for order ${order.number}.`,
      ...list,
      ...(order.discount_code
        ? [`Discount code ${order.discount_code}: −${amount(order.discount_minor, order.currency)} (included above).`]
        : []),
      order.requires_shipping
        ? 'We will email you the tracking number when your printed goods ship.'
        : 'Your purchases are ready in your Vault.',
    ]);
  }

  refunded(order: OrderRow, refundedMinor: number, full: boolean) {
    return this.send(order, `Refund for order ${order.number}`, [
      `We refunded ${amount(refundedMinor, order.currency)} to your payment method${full ? ': the order is refunded in full' : ''}.`,
      'Downloads and credits from refunded items are no longer available.',
    ]);
  }

  shipped(order: OrderRow) {
    return this.send(order, `Order ${order.number} has shipped`, [
      `Your order ${order.number} is on its way with ${order.tracking_carrier}: tracking number ${order.tracking_number}.`,
    ]);
  }

  returnUpdate(order: OrderRow, status: string) {
    return this.send(order, `Return for order ${order.number}: ${status}`, [
      `Your return for order ${order.number} is now ${status}.`,
    ]);
  }

  supportReply(order: OrderRow) {
    return this.send(order, `New reply about order ${order.number}`, [
      `Our team replied about order ${order.number}. Read it on your order's support page.`,
    ]);
  }

  private async send(order: OrderRow, subject: string, paragraphs: string[]): Promise<void> {
    const link = `${this.config.appUrl}/orders`;
    const text = [...paragraphs, `Your orders: ${link}`].join('\n\n');
    const html = [...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`), `<p><a href="${link}">Your orders</a></p>`].join(
      '',
    );
    await this.mail.send({ to: order.email, subject, text, html });
  }
}

function amount(minor: string | number, currency: string): string {
  return `${(Number(minor) / 100).toFixed(2)} ${currency}`;
}
