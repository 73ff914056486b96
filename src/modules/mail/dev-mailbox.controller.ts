import { Controller, Get, Inject, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Public } from '../auth';
import { Inertia } from '../inertia';
import { isLoopbackRequest } from '../security';
import { MailService } from './mail.service';

const PER_PAGE = 20;

/**
 * The development mailbox: mails kept when no SMTP server is configured. It holds password-reset
 * links, so it answers only to this machine (a newcomer verifies from the same browser without
 * signing in) or to a signed-in admin; anyone else gets 404, as if it did not exist. Never
 * available in production.
 */
@Controller('dev/mailbox')
@Public()
export class DevMailboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  @Get()
  async index(@Req() req: Request, @Query() query: PageQueryDto) {
    this.assertAvailable(req);
    const page = query.page ?? 1;
    const { data, total } = await this.mail.list(page, PER_PAGE);
    return Inertia.render('Dev/Mailbox', {
      mails: data.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        createdAt: m.createdAt.toISOString(),
        preview: m.text.slice(0, 140),
      })),
      pagination: { currentPage: page, lastPage: Math.max(1, Math.ceil(total / PER_PAGE)), perPage: PER_PAGE, total },
      usesDevMailbox: this.mail.usesDevMailbox,
    });
  }

  @Get(':id')
  async show(@Req() req: Request, @Param('id', UuidPipe) id: string) {
    this.assertAvailable(req);
    const mail = await this.mail.find(id);
    if (!mail) throw new NotFoundException('There is no such mail.');
    return Inertia.render('Dev/MailboxShow', {
      mail: {
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        createdAt: mail.createdAt.toISOString(),
        text: mail.text,
        html: this.forPreview(mail.html),
        attachments: (mail.attachments ?? []).map((a, i) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: Buffer.byteLength(a.content, a.encoding ?? 'utf8'),
          url: `/dev/mailbox/${mail.id}/attachments/${i}`,
        })),
      },
    });
  }

  /** One attachment as a download (never shown inline: a mail's file must not run on this origin). */
  @Get(':id/attachments/:n')
  async attachment(
    @Req() req: Request,
    @Res() res: Response,
    @Param('id', UuidPipe) id: string,
    @Param('n') n: string,
  ): Promise<void> {
    this.assertAvailable(req);
    const file = /^\d{1,3}$/.test(n) ? (await this.mail.find(id))?.attachments?.[Number(n)] : undefined;
    if (!file) throw new NotFoundException('There is no such attachment.');
    const name = file.filename.replace(/[^\w.-]+/g, '_') || 'attachment';
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.send(Buffer.from(file.content, file.encoding ?? 'utf8'));
  }

  private assertAvailable(req: Request): void {
    if (this.config.env === 'production') throw new NotFoundException();
    if (!isLoopbackRequest(req) && req.user?.role !== 'admin') throw new NotFoundException();
  }

  /**
   * Links to this app are made relative, so they work however the app was opened (the
   * configured APP_URL may name another host or port), and open in the top window.
   */
  private forPreview(html: string): string {
    const origin = this.config.appUrl.replace(/\/$/, '');
    const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const relative = html.replace(new RegExp(`(href=["'])${escaped}(/[^"']*)`, 'g'), '$1$2');
    const base = '<base target="_top">';
    return /<head[^>]*>/i.test(relative)
      ? relative.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
      : `${base}${relative}`;
  }
}
