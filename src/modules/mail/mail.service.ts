import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createTransport, Transporter } from 'nodemailer';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { JobRegistry } from '../jobs';
import { JobsService } from '../jobs';
import { Mail } from './mail.entity';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Sends mail on the "mail" queue: through SMTP when SMTP_URL is set, otherwise into the
 * development mailbox (a table read by /dev/mailbox) so a newcomer needs no mail server.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger(MailService.name);
  private transport: Transporter | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Mail) private readonly mails: Repository<Mail>,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
  ) {}

  onModuleInit(): void {
    if (this.config.mail.smtpUrl) this.transport = createTransport(this.config.mail.smtpUrl);
    this.registry.register<OutgoingMail>('mail', 'send', { handle: (mail) => this.deliver(mail) });
  }

  get usesDevMailbox(): boolean {
    return this.transport === null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.jobs.dispatch('mail', 'send', mail, { attempts: 5, backoffMs: 5000 });
  }

  /** The job body: one delivery attempt; a thrown error makes the queue retry. */
  async deliver(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mail.from, ...mail });
      return;
    }
    await this.mails.save(this.mails.create(mail));
    this.logger.log(
      `Mail to ${mail.to} ("${mail.subject}") is in the development mailbox at ${this.config.appUrl}/dev/mailbox`,
    );
  }

  async list(page: number, perPage = 20): Promise<{ data: Mail[]; total: number }> {
    const [data, total] = await this.mails.findAndCount({
      order: { createdAt: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
    return { data, total };
  }

  find(id: string): Promise<Mail | null> {
    return this.mails.findOneBy({ id });
  }
}
