import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Transporter } from 'nodemailer';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { JobRegistry } from '../jobs';
import { JobsService } from '../jobs';
import { Mail } from './mail.entity';

/** A file sent with a mail; `content` is text (UTF-8) unless `encoding` says base64 (job data is JSON). */
export interface MailAttachment {
  filename: string;
  /** The MIME type, with parameters where they matter (`text/calendar; method=REQUEST; charset=UTF-8`). */
  contentType: string;
  content: string;
  encoding?: 'base64';
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Extra headers, e.g. `List-Unsubscribe` (RFC 2369) with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
   * (RFC 8058) on every mail a recipient can opt out of. Build them with `unsubscribeHeaders`.
   */
  headers?: Record<string, string>;
  /** Files sent along (nodemailer's attachment fields), kept with the development mailbox's copy too. */
  attachments?: MailAttachment[];
}

/** The RFC 8058 one-click pair: mail clients POST to `url` (it must accept a bodyless POST without a session). */
export function unsubscribeHeaders(url: string, mailto?: string): Record<string, string> {
  const targets = [`<${url}>`, ...(mailto ? [`<mailto:${mailto}?subject=unsubscribe>`] : [])];
  return { 'List-Unsubscribe': targets.join(', '), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
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
    // Infrastructure: the development mailbox is this service's own log, written and read nowhere else.
    @InjectRepository(Mail) private readonly mails: Repository<Mail>,
    private readonly jobs: JobsService,
    private readonly registry: JobRegistry,
  ) {}

  onModuleInit(): void {
    // nodemailer is loaded only with SMTP configured (the development mailbox and the tests need none of it).
    if (this.config.mail.smtpUrl)
      this.transport = (require('nodemailer') as typeof import('nodemailer')).createTransport(this.config.mail.smtpUrl);
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
    await this.mails.save(
      this.mails.create({ ...mail, headers: mail.headers ?? {}, attachments: mail.attachments ?? [] }),
    );
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
