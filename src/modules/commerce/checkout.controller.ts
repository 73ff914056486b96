import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import type { Request } from 'express';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import { RateLimiterService } from '../security';
import { AddressesService, toSavedAddress } from '../settings';
import type { User } from '../users';
import { CartService } from './cart.service';
import { attributionFrom } from '../../common/attribution';
import { CheckoutService } from './checkout.service';
import { money } from './commerce.mapper';
import { CheckoutDto, LocalPayOutcomeDto, SuccessQueryDto } from './dto/commerce.dto';
import { FulfilmentService } from './fulfilment.service';
import { IdempotencyService } from './idempotency.service';
import { OrdersService } from './orders.service';
import { LocalPaymentProvider } from './payments/local.provider';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payments/payment-provider';

/** Checkout, the success page, the provider webhook and the local provider's hosted payment page. */
@Controller()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly fulfilment: FulfilmentService,
    private readonly idempotency: IdempotencyService,
    private readonly cart: CartService,
    private readonly orders: OrdersService,
    private readonly addresses: AddressesService,
    private readonly limiter: RateLimiterService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  @Get('checkout')
  async page(@CurrentUser() user: User) {
    const saved = await this.addresses.page(user.id, 1);
    return Inertia.render('Checkout/Index', {
      cart: await this.cart.view({ userId: user.id }),
      addresses: saved.data.map((a) => toSavedAddress(a, user.name)),
      provider: this.provider.name,
    });
  }

  @Post('api/checkout')
  @HttpCode(200)
  async create(
    @CurrentUser() user: User,
    @Body() dto: CheckoutDto,
    @Req() req: Request,
    @Headers('idempotency-key') key?: string,
  ) {
    // The referral the order carries to the payment provider and to `order.paid`: the tracked-link click
    // (HttpOnly cookie, the most recent click of this browser) before a code typed or kept by the page.
    const referral = attributionFrom(req.cookies, dto.referral_code);
    dto.referral_code = referral?.click ?? referral?.code ?? undefined;
    // Each attempt may reserve stock and open a provider session (and carries a referral code): bounded per buyer.
    await this.limiter.hit(`checkout:${user.id}`, 30, 60);
    return {
      session: await this.idempotency.run(`checkout:${user.id}`, key, dto, () => this.checkout.start(user, dto)),
    };
  }

  /** The buyer's return from the provider: the same fulfil the webhook runs (whichever comes first pays). */
  @Get('checkout/success')
  async success(@CurrentUser() user: User, @Query() query: SuccessQueryDto) {
    const { outcome, order } = await this.fulfilment.fulfil(query.session_id).catch(() => {
      throw new NotFoundException('There is no such payment session.');
    });
    if (!order) throw new NotFoundException('There is no such payment session.');
    return Inertia.render('Checkout/Success', { order: await this.orders.show(user, order.id), outcome });
  }

  @Post('webhooks/payments/stripe')
  @Public()
  @HttpCode(200)
  async webhook(@Req() req: Request & { rawBody?: Buffer }, @Headers('stripe-signature') signature?: string) {
    const event = req.rawBody ? this.provider.verifyWebhook(req.rawBody, signature) : null;
    if (!event) throw new BadRequestException('The webhook signature is missing or wrong.');
    return { received: true, outcome: await this.fulfilment.handleWebhook(event) };
  }

  /** The local test-mode provider's hosted payment page (the session id is the capability, as on Stripe). */
  @Get('pay/local/:sessionId')
  @Public()
  async localPage(@Param('sessionId') sessionId: string) {
    const session = await this.localProvider().hostedSession(sessionId);
    if (!session) throw new NotFoundException('There is no such payment session.');
    return Inertia.render('Checkout/LocalPay', {
      session: {
        id: session.id,
        amount: money(session.amountMinor, session.currency),
        description: session.description,
        status: session.status,
        cancel_url: session.cancelUrl,
      },
    });
  }

  @Post('pay/local/:sessionId')
  @Public()
  @HttpCode(200)
  async localOutcome(@Param('sessionId') sessionId: string, @Body() dto: LocalPayOutcomeDto) {
    const local = this.localProvider();
    const session = await local.hostedSession(sessionId);
    if (!session) throw new NotFoundException('There is no such payment session.');
    if (dto.outcome === 'abandon') return { redirect: session.cancelUrl, status: session.status };
    const settled = await local.settle(sessionId, dto.outcome);
    // The provider tells the shop at once (the webhook of this driver), then sends the buyer back.
    await this.fulfilment.fulfil(sessionId);
    return {
      redirect: settled?.status === 'paid' ? session.successUrl : `/pay/local/${sessionId}`,
      status: settled?.status,
    };
  }

  private localProvider(): LocalPaymentProvider {
    if (!(this.provider instanceof LocalPaymentProvider)) throw new NotFoundException('The test payment page is off.');
    return this.provider;
  }
}
