import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { UuidPipe } from '../../../common/uuid.pipe';
import type { Page } from '../../../contracts/common';
import type { MaskedOfferJson, PurchaseJson, RefundJson } from '../../../contracts/crm';
import { CurrentUser } from '../../auth';
import { Inertia } from '../../inertia';
import type { User } from '../../users';
import { CrmMarketplaceMoneyService } from './crm-marketplace-money.service';
import { CrmMarketplaceService } from './crm-marketplace.service';
import { DisputeDto, MarketplacePageDto, OfferLeadDto, RefundSaleDto } from '../dto/crm.dto';
import { Authorize } from '../../policies';

/** The lead marketplace: offer a lead (exclusive or shared), browse masked offers, claim, purchases and disputes. */
@Controller()
export class CrmMarketplaceController {
  constructor(
    private readonly market: CrmMarketplaceService,
    private readonly money: CrmMarketplaceMoneyService,
  ) {}

  @Get('leads/marketplace')
  async page(@CurrentUser() user: User, @Query() q: MarketplacePageDto) {
    const { page, perPage, offset } = q.window(20);
    return Inertia.render('Leads/Marketplace', { ...(await this.market.page(user, page, perPage, offset)) });
  }

  /** Open offers, masked: area, price band, timeline and source, never the person. */
  @Get('api/crm/marketplace')
  offers(@CurrentUser() user: User, @Query() q: MarketplacePageDto): Promise<Page<MaskedOfferJson>> {
    const { page, perPage, offset } = q.window(20);
    return this.market.offers(user, page, perPage, offset);
  }

  /** The leads the signed-in realtor bought, with the contact and the dispute window. */
  @Get('api/crm/marketplace/purchases')
  purchases(@CurrentUser() user: User, @Query() q: MarketplacePageDto): Promise<Page<PurchaseJson>> {
    const { page, perPage, offset } = q.window(10);
    return this.market.purchases(user, page, perPage, offset);
  }

  /** Offers one of the book's leads for image credits or money (its agent or a manager). */
  @Post('api/crm/leads/:id/offer')
  @Authorize('crm-lead.offer')
  offer(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: OfferLeadDto,
  ): Promise<MaskedOfferJson> {
    return this.market.offer(user, id, body);
  }

  /** First to claim: one winner, the others 409; 402 without the credits, 429 past the daily limit. */
  @Post('api/crm/marketplace/:id/claim')
  @HttpCode(200)
  claim(@Param('id', UuidPipe) id: string, @CurrentUser() user: User): Promise<PurchaseJson> {
    return this.market.claim(user, id);
  }

  /** A money-priced offer: the commerce product variant to put in the cart (bought through the normal checkout). */
  @Post('api/crm/marketplace/:id/purchase')
  @HttpCode(200)
  purchase(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
  ): Promise<{ product_slug: string; variant_id: string }> {
    return this.money.productFor(user, id);
  }

  /** The buyer disputes within 72 hours of the claim; a duplicate or an invalid phone is checked and refunded. */
  @Post('api/crm/marketplace/:id/dispute')
  @Authorize('crm-sale.dispute')
  @HttpCode(200)
  dispute(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: DisputeDto,
  ): Promise<PurchaseJson> {
    return this.market.dispute(user, id, body);
  }

  /** An admin or the seller refunds a disputed sale (a shared offer's: `sale_id` names the buyer's sale). */
  @Post('api/crm/marketplace/:id/refund')
  @Authorize('crm-sale.refund')
  @HttpCode(200)
  refund(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: RefundSaleDto,
  ): Promise<RefundJson> {
    return this.market.refund(user, id, body.sale_id);
  }
}
