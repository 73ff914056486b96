export { CatalogService } from './catalog.service';
export { FulfilmentService } from './fulfilment.service';
export { IdempotencyService } from './idempotency.service';
export { OrdersService } from './orders.service';
export { RefundsService } from './refunds.service';
export { DiscountCodesService, type AffiliateDirectory } from './discount-codes.service';
