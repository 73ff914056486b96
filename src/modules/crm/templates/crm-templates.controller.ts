import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { UuidPipe } from '../../../common/uuid.pipe';
import type { RenderedTemplate, SendReport, TemplateJson, UnsubscribeProps } from '../../../contracts/crm-marketing';
import { CurrentUser, Public } from '../../auth';
import { Inertia } from '../../inertia';
import type { User } from '../../users';
import { CrmTemplatesService } from './crm-templates.service';
import { PreviewDto, SendDto, TemplateDto, TemplatesPageDto } from '../dto/templates.dto';
import { Authorize } from '../../policies';
import { InBook, type CrmCaller } from '../current-book';

/** A transparent 1×1 GIF: the open-tracking pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Email templates, flyer and social templates, tracked sends, unsubscribe (one-click POST) and opens. */
@Controller()
export class CrmTemplatesController {
  constructor(private readonly templates: CrmTemplatesService) {}

  @Get('email-templates')
  async emailPage(@InBook() caller: CrmCaller, @Query() q: TemplatesPageDto) {
    const { page, perPage } = q.window(20);
    return Inertia.render('EmailTemplates/Index', { ...(await this.templates.page(caller, 'email', page, perPage)) });
  }

  @Get('templates')
  async marketingPage(@InBook() caller: CrmCaller) {
    return Inertia.render('Templates/Index', { ...(await this.templates.page(caller, 'marketing', 1, 1)) });
  }

  /** Shows a confirmation only: link scanners follow GETs, so a GET never unsubscribes anyone. */
  @Get('unsubscribe/:token')
  @Public()
  async unsubscribePage(@Param('token') token: string) {
    return Inertia.render('EmailTemplates/Unsubscribe', { ...(await this.templates.unsubscribePage(token)) });
  }

  /** RFC 8058 one-click unsubscribe (mail clients POST without a session) and the confirmation page's button. */
  @Post('webhooks/crm/unsubscribe/:token')
  @Public()
  @HttpCode(200)
  unsubscribe(@Param('token') token: string): Promise<UnsubscribeProps> {
    return this.templates.unsubscribe(token);
  }

  @Get('webhooks/crm/open/:token')
  @Public()
  async opened(@Param('token') token: string, @Res() res: Response): Promise<void> {
    if (/^[A-Za-z0-9_-]{20,64}$/.test(token)) await this.templates.opened(token);
    res.set({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' }).send(PIXEL);
  }

  @Post('api/crm/templates')
  @HttpCode(201)
  create(@InBook() caller: CrmCaller, @Body() body: TemplateDto): Promise<TemplateJson> {
    return this.templates.create(caller, body);
  }

  /** The live preview with merge fields filled (HTML escaped). */
  @Post('api/crm/templates/preview')
  @HttpCode(200)
  preview(@InBook() caller: CrmCaller, @Body() body: PreviewDto): Promise<RenderedTemplate> {
    return this.templates.preview(caller, body);
  }

  @Put('api/crm/templates/:id')
  @Authorize('crm-template.use')
  update(
    @Param('id', UuidPipe) id: string,
    @CurrentUser() user: User,
    @Body() body: TemplateDto,
  ): Promise<TemplateJson> {
    return this.templates.update(user, id, body);
  }

  @Delete('api/crm/templates/:id')
  @HttpCode(204)
  remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: User): Promise<void> {
    return this.templates.remove(user, id);
  }

  /** Sends an email template to contacts or a segment; suppressed addresses are skipped and counted. */
  @Post('api/crm/templates/:id/send')
  @Authorize('crm-template.use')
  @HttpCode(200)
  send(@Param('id', UuidPipe) id: string, @CurrentUser() user: User, @Body() body: SendDto): Promise<SendReport> {
    return this.templates.send(user, id, body);
  }
}
