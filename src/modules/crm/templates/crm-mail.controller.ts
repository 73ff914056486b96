import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UuidPipe } from '../../../common/uuid.pipe';
import type { MailEventResult, SendReport } from '../../../contracts/crm-marketing';
import { CurrentUser, Public } from '../../auth';
import type { User } from '../../users';
import { CrmMailEventsService } from './crm-mail-events.service';
import { CrmMailOutboxService } from './crm-mail-outbox.service';
import { CrmTemplatesService } from './crm-templates.service';
import { ContactEmailDto, MailEventDto } from '../dto/templates.dto';
import { Authorize } from '../../policies';

/** Marketing mail around the send: one contact's email, tracked link clicks, the provider's bounce webhook. */
@Controller()
export class CrmMailController {
  constructor(
    private readonly templates: CrmTemplatesService,
    private readonly outbox: CrmMailOutboxService,
    private readonly events: CrmMailEventsService,
  ) {}

  /** Sends one email template to this contact (suppression list checked, tracked like a campaign send). */
  @Post('api/crm/contacts/:id/emails')
  @Authorize('crm-contact.work')
  @HttpCode(200)
  sendToContact(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: ContactEmailDto,
  ): Promise<SendReport> {
    return this.templates.sendToContact(user, id, body.template_id);
  }

  /** A tracked link: a signed token (send recipient + link index) redirects to the link's target; else 404. */
  @Get('m/c/:token')
  @Public()
  async click(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const target = await this.outbox.click(token, req.method === 'GET');
    res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).redirect(302, target);
  }

  /** Bounces and complaints: `X-Reelty-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (MAIL_WEBHOOK_SECRET). */
  @Post('webhooks/mail/events')
  @Public()
  @HttpCode(200)
  mailEvent(
    @Req() req: Request & { rawBody?: Buffer },
    @Headers('x-reelty-signature') signature: string | undefined,
    @Body() body: MailEventDto,
  ): Promise<MailEventResult> {
    return this.events.receive(req.rawBody, signature, body);
  }
}
