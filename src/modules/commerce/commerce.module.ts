import { Module, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { TimersService } from '../jobs';
import { BoostsModule } from '../boosts/boosts.module';
import { DomainEvents } from '../events';
import { PropertiesModule } from '../properties/properties.module';
import { SettingsModule } from '../settings/settings.module';
import { MediaAccessRegistry } from '../storage';
import { AdminDiscountsController } from './admin-discounts.controller';
import { AdminOrdersController } from './admin-orders.controller';
import { CartMergeInterceptor } from './cart-merge.interceptor';
import { CartController } from './cart.controller';
import { CartService } from './cart.service';
import { CatalogController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { CheckoutController } from './checkout.controller';
import { CheckoutService, ORDER_EXPIRY_TIMER } from './checkout.service';
import { CommerceMailService } from './commerce-mail.service';
import { DiscountCodesService } from './discount-codes.service';
import { DiscountsRepository } from './discounts.repository';
import { DiscountsService } from './discounts.service';
import { EntitlementsRepository } from './entitlements.repository';
import { FulfilmentService } from './fulfilment.service';
import { IdempotencyService } from './idempotency.service';
import { OrdersController } from './orders.controller';
import { IdempotencyRepository } from './idempotency.repository';
import { OrdersRepository } from './orders.repository';
import { RefundsRepository } from './refunds.repository';
import { OrdersService } from './orders.service';
import { PolicyChecks } from '../policies';
import { LocalPaymentProvider } from './payments/local.provider';
import { PAYMENT_PROVIDER } from './payments/payment-provider';
import { StripePaymentProvider } from './payments/stripe.provider';
import { RefundsService } from './refunds.service';
import { VaultService } from './vault.service';

/** Commerce: marketplace, cart, checkout through a payment provider, orders, returns, support, vault. */
@Module({
  imports: [SettingsModule, BoostsModule, PropertiesModule],
  controllers: [
    CatalogController,
    CartController,
    CheckoutController,
    OrdersController,
    AdminOrdersController,
    AdminDiscountsController,
  ],
  providers: [
    CatalogRepository,
    OrdersRepository,
    RefundsRepository,
    IdempotencyRepository,
    EntitlementsRepository,
    DiscountsRepository,
    DiscountsService,
    DiscountCodesService,
    CatalogService,
    CartService,
    CheckoutService,
    FulfilmentService,
    RefundsService,
    OrdersService,
    VaultService,
    IdempotencyService,
    CommerceMailService,
    { provide: APP_INTERCEPTOR, useClass: CartMergeInterceptor },
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, getDataSourceToken(), Clock],
      useFactory: (config: AppConfig, db: DataSource, clock: Clock) =>
        config.payments.driver === 'stripe'
          ? new StripePaymentProvider(config.payments.stripe, clock)
          : new LocalPaymentProvider(db),
    },
  ],
  exports: [CatalogService, DiscountCodesService, FulfilmentService, IdempotencyService, OrdersService, RefundsService],
})
export class CommerceModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly orders: OrdersService,
    private readonly timers: TimersService,
    private readonly checkout: CheckoutService,
    private readonly media: MediaAccessRegistry,
    private readonly events: DomainEvents,
    private readonly refunds: RefundsService,
  ) {}

  onModuleInit(): void {
    this.policies.define('order.return', (user, id) => this.orders.visible(user, id, false));
    this.policies.define('order.message', (user, id) => this.orders.visible(user, id));
    this.timers.define<{ orderId: string }>(ORDER_EXPIRY_TIMER, ({ orderId }) => this.checkout.expire(orderId));
    // Product pictures are public; purchased files are private and leave only through signed vault links.
    this.media.register('products/', () => true);
    this.media.register('commerce-assets/', () => false);
    // A boost cut short by its listing leaving the market repays its unused days (once per boost).
    this.events.subscribe('boost.ended', 'commerce.boost-refunds', async ({ payload }) => {
      await this.refunds.refundUnusedBoost(payload);
    });
  }
}
