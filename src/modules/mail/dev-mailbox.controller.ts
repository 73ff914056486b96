import { Controller, Get, Inject, NotFoundException, Param, Query } from '@nestjs/common';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Public } from '../auth';
import { Inertia } from '../inertia';
import { MailService } from './mail.service';

const PER_PAGE = 20;

/**
 * The development mailbox: mails kept when no SMTP server is configured, readable without
 * signing in (a newcomer verifies from the same browser). Never available in production.
 */
@Controller('dev/mailbox')
@Public()
export class DevMailboxController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  @Get()
  async index(@Query() query: PageQueryDto) {
    this.assertAvailable();
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
  async show(@Param('id', UuidPipe) id: string) {
    this.assertAvailable();
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
      },
    });
  }

  private assertAvailable(): void {
    if (this.config.env === 'production') throw new NotFoundException();
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
