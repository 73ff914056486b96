import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PageQueryDto } from '../../../common/page-query.dto';
import { UuidPipe } from '../../../common/uuid.pipe';
import type { Page } from '../../../contracts/common';
import type { CampaignCodeJson, CampaignJson, GiftJson, RedeemedJson } from '../../../contracts/crm-marketing';
import { clientIp, CurrentUser, Public } from '../../auth';
import type { User } from '../../users';
import { CrmCampaignPublicService } from './crm-campaign-public.service';
import { CrmCampaignsService } from './crm-campaigns.service';
import { CampaignDto, CampaignSubmissionDto, CampaignUpdateDto, CodesDto, GiftDto } from '../dto/campaigns.dto';
import { Authorize } from '../../policies';
import { InBook, type CrmCaller } from '../current-book';

/** Farm campaigns JSON API: campaigns, codes and gifts for the book; the public form and code redemptions. */
@Controller()
export class CrmCampaignsController {
  constructor(
    private readonly campaigns: CrmCampaignsService,
    private readonly publicSide: CrmCampaignPublicService,
  ) {}

  @Post('api/crm/campaigns')
  @HttpCode(201)
  create(@InBook() caller: CrmCaller, @Body() body: CampaignDto): Promise<CampaignJson> {
    return this.campaigns.create(caller, body);
  }

  @Put('api/crm/campaigns/:id')
  @Authorize('crm-campaign.manage')
  update(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: CampaignUpdateDto,
  ): Promise<CampaignJson> {
    return this.campaigns.update(user, id, body);
  }

  /** A batch of single-use QR or credits codes (credits codes are paid for by their maker now). */
  @Post('api/crm/campaigns/:id/codes')
  @Authorize('crm-campaign.manage')
  @HttpCode(201)
  makeCodes(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: CodesDto,
  ): Promise<{ codes: CampaignCodeJson[] }> {
    return this.campaigns.makeCodes(user, id, body);
  }

  @Get('api/crm/campaigns/:id/codes')
  codes(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Query() q: PageQueryDto,
  ): Promise<Page<CampaignCodeJson>> {
    const { page, perPage } = q.window(50);
    return this.campaigns.codes(user, id, page, perPage);
  }

  @Post('api/crm/gifts')
  @HttpCode(201)
  gift(@CurrentUser() user: User, @Body() body: GiftDto): Promise<GiftJson> {
    return this.campaigns.addGift(user, body);
  }

  /** A campaign's public form. Sessionless (it may be framed elsewhere): the signed form token is its anti-forgery. */
  @Post('webhooks/crm/forms/:slug')
  @Public()
  @HttpCode(200)
  submit(
    @Param('slug') slug: string,
    @Body() body: CampaignSubmissionDto,
    @Req() req: Request,
  ): Promise<{ redirect: string }> {
    return this.publicSide.submit(slug, body, clientIp(req));
  }

  /** A QR code's form: the person becomes a lead and the code is spent, once. */
  @Post('api/campaign-codes/:code/redeem')
  @Public()
  @HttpCode(200)
  redeemQr(
    @Param('code') code: string,
    @Body() body: CampaignSubmissionDto,
    @Req() req: Request,
  ): Promise<{ redirect: string }> {
    return this.publicSide.redeemQr(code, body, clientIp(req));
  }

  /** A credits code: the signed-in person gets its image credits, once. */
  @Post('api/campaign-codes/:code/credits')
  @HttpCode(200)
  redeemCredits(@Param('code') code: string, @CurrentUser() user: User, @Req() req: Request): Promise<RedeemedJson> {
    return this.publicSide.redeemCredits(user, code, clientIp(req));
  }
}
