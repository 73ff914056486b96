import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clientIp, CurrentUser, Public } from '../../auth';
import { Inertia } from '../../inertia';
import { allowFraming } from '../../security';
import type { User } from '../../users';
import { CrmCampaignPublicService } from './crm-campaign-public.service';
import { CrmCampaignsService } from './crm-campaigns.service';
import { AnalyticsQueryDto, FarmQueryDto, RedeemQueryDto } from '../dto/campaigns.dto';
import { InBook, type CrmCaller } from '../current-book';

/** Farm (the book's campaigns) and the public campaign pages: form, thanks, QR code, credits code, success. */
@Controller()
export class CrmCampaignPagesController {
  constructor(
    private readonly campaigns: CrmCampaignsService,
    private readonly publicSide: CrmCampaignPublicService,
  ) {}

  @Get('farm')
  async farm(@InBook() caller: CrmCaller, @Query() q: FarmQueryDto) {
    return Inertia.render('Farm/Index', { ...(await this.campaigns.farm(caller, q)) });
  }

  @Get('leads/analytics')
  async analytics(@InBook() caller: CrmCaller, @Query() q: AnalyticsQueryDto) {
    return Inertia.render('Leads/Analytics', { ...(await this.campaigns.analytics(caller, q.days ?? 30)) });
  }

  @Get('c/:slug')
  @Public()
  async form(@Param('slug') slug: string, @Res({ passthrough: true }) res: Response) {
    const props = await this.publicSide.form(slug);
    allowFraming(res);
    return Inertia.render('Campaign/PublicForm', { ...props });
  }

  @Get('c/:slug/thanks')
  @Public()
  async thanks(@Param('slug') slug: string, @Res({ passthrough: true }) res: Response) {
    const props = await this.publicSide.thanks(slug);
    allowFraming(res);
    return Inertia.render('Campaign/SubmissionSuccess', { ...props });
  }

  @Get('q/:code')
  @Public()
  async qr(@Param('code') code: string, @Req() req: Request) {
    return Inertia.render('Campaign/QrRedemption', { ...(await this.publicSide.qrPage(code, clientIp(req))) });
  }

  /** Signed in only: a guest is sent to log in and comes back here with the code. */
  @Get('redeem')
  credits(@Query() q: RedeemQueryDto) {
    return Inertia.render('Campaign/CreditsRedemption', { ...this.publicSide.creditsPage(q.code) });
  }

  @Get('redeem/:code/success')
  async success(@Param('code') code: string, @CurrentUser() user: User) {
    return Inertia.render('Campaign/SuccessPage', { ...(await this.publicSide.success(user, code)) });
  }
}
