import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { allKeys, deriveSecret } from '../../../config/app-key';
import type { RenderedTemplate } from '../../../contracts/crm-marketing';
import { JobsService, TimersService } from '../../jobs';
import { MailService, unsubscribeHeaders } from '../../mail';
import { isWebUrl, signClick, trackLinks, verifyClick } from './click-token';
import { OUTBOX_GUARD_MS, OUTBOX_JOB, TIMERS } from '../crm.constants';
import { CrmTemplatesRepository, type QueuedSend } from './templates.repository';

export interface OutboxBatch {
  batchId: string;
}

/**
 * Marketing mail through an outbox: a send commits one `queued` row per recipient holding its rendered mail
 * (tracked links, unsubscribe link, open pixel); the outbox job delivers each row under a row lock and marks it
 * `sent`, so a repeated or concurrent job sends nothing twice and a crash after the commit loses nothing (a timer
 * set before the commit drains the batch if its job was never queued). Clicks go through a signed redirect.
 */
@Injectable()
export class CrmMailOutboxService {
  constructor(
    private readonly repo: CrmTemplatesRepository,
    private readonly mail: MailService,
    private readonly jobs: JobsService,
    private readonly timers: TimersService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One recipient's mail: links rewritten to `/m/c/<token>`, then the unsubscribe footer and the open pixel. */
  compose(
    sendId: string,
    token: string,
    r: RenderedTemplate,
  ): Pick<QueuedSend, 'subject' | 'html' | 'textBody' | 'links'> {
    const secret = deriveSecret(this.config.appKey, 'crm-click');
    const tracked = trackLinks(r, (i) => `${this.config.appUrl}/m/c/${signClick(secret, sendId, i)}`);
    const url = `${this.config.appUrl}/unsubscribe/${token}`;
    return {
      subject: r.subject,
      textBody: `${tracked.text}\n\n--\nUnsubscribe: ${url}`,
      html: `${tracked.html}\n<p style="font-size:12px;color:#666"><a href="${url}">Unsubscribe</a></p><img src="${this.config.appUrl}/webhooks/crm/open/${token}" width="1" height="1" alt="">`,
      links: tracked.links,
    };
  }

  /** Before the rows commit: the safety timer for this batch (it finds nothing to do when the job ran). */
  async guard(batch: OutboxBatch): Promise<void> {
    const when = new Date(this.clock.nowMs() + OUTBOX_GUARD_MS);
    await this.timers.at(when, TIMERS.mailOutbox, batch, batch.batchId);
  }

  /** After the commit: the outbox job (one per batch). */
  async dispatch(batch: OutboxBatch): Promise<void> {
    await this.jobs.dispatch('mail', OUTBOX_JOB, batch, {
      jobId: `${OUTBOX_JOB}:${batch.batchId}`,
      attempts: 5,
      backoffMs: 5000,
    });
  }

  /** The job and the timer: delivers every still-queued row of the batch; how many it delivered. */
  async drain(batch: OutboxBatch): Promise<number> {
    let delivered = 0;
    for (const id of await this.repo.queuedIds(batch.batchId)) if (await this.deliverOne(id)) delivered += 1;
    return delivered;
  }

  /**
   * Delivers one queued row: locked for the delivery, so a second job waits and then finds it sent. A failed
   * delivery rolls back (the row stays queued for the job's retry); an address suppressed meanwhile is cancelled.
   */
  deliverOne(id: string): Promise<boolean> {
    return this.repo.transaction(async (tx) => {
      const row = await tx.lockQueued(id);
      if (!row) return false;
      if ((await tx.suppressed([row.email])).size) {
        await tx.finishSend(id, 'cancelled', this.clock.now());
        return false;
      }
      await this.mail.deliver({
        to: row.email,
        subject: row.subject ?? '',
        html: row.html ?? '',
        text: row.textBody ?? '',
        headers: {
          ...unsubscribeHeaders(`${this.config.appUrl}/webhooks/crm/unsubscribe/${row.token}`),
          'X-Reelty-Send': row.id,
        },
      });
      await tx.finishSend(id, 'sent', this.clock.now());
      return true;
    });
  }

  /**
   * A tracked link: the target of a genuine token (signed with the current or a previous app key, naming a link
   * the row holds, http/https only), counted once per request (`count` is false for HEAD: scanners probe). Anything
   * else answers 404, so the redirect never sends anyone to an address of the requester's choosing.
   */
  async click(token: string, count: boolean): Promise<string> {
    const secrets = allKeys(this.config).map((k) => deriveSecret(k, 'crm-click'));
    const claim = verifyClick(token, secrets);
    const row = claim ? await this.repo.findSendById(claim.sendId) : null;
    const target = claim && row ? row.links[claim.index] : undefined;
    if (!row || !target || !isWebUrl(target)) throw new NotFoundException('This link is not valid.');
    if (count) await this.repo.recordClick(row.id, this.clock.now());
    return target;
  }
}
