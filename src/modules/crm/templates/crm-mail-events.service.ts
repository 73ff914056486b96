import { Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { MailEventResult } from '../../../contracts/crm-marketing';
import type { MailEventDto } from '../dto/templates.dto';
import { verifyIntake } from '../leads/intake-signature';
import { CrmTemplatesRepository } from './templates.repository';

/**
 * Bounces and complaints from the mail provider (`POST /webhooks/mail/events`, signed like the intake webhook with
 * MAIL_WEBHOOK_SECRET). Each event id counts once: a hard bounce or a complaint puts the address on the suppression
 * list and marks the recipient row; a soft bounce is only counted on the row.
 */
@Injectable()
export class CrmMailEventsService {
  constructor(
    private readonly repo: CrmTemplatesRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async receive(raw: Buffer | undefined, signature: string | undefined, dto: MailEventDto): Promise<MailEventResult> {
    const secret = this.config.mail.webhookSecret;
    if (!secret) throw new NotFoundException('The mail events webhook is not configured.');
    const check = verifyIntake(signature, raw?.toString('utf8') ?? '', [secret], this.clock.nowMs());
    if (check !== 'ok') throw new UnauthorizedException(`The signature is ${check === 'stale' ? 'too old' : 'wrong'}.`);
    return this.record(dto);
  }

  /** The event's effect, once per event id (the event row commits with the effect). */
  record(dto: MailEventDto): Promise<MailEventResult> {
    const email = dto.email.trim().toLowerCase();
    const kind = dto.type === 'complaint' ? 'complaint' : dto.bounce_type === 'soft' ? 'soft_bounce' : 'bounce';
    const now = this.clock.now();
    return this.repo.transaction(async (tx) => {
      const fresh = await tx.recordMailEvent({ id: dto.id, kind, email, sendId: dto.send_id ?? null, at: now });
      if (!fresh) return { recorded: false };
      const row = await tx.sendForEvent(dto.send_id ?? null, email);
      if (kind === 'soft_bounce') {
        if (row) await tx.countSoftBounce(row.id);
        return { recorded: true };
      }
      await tx.suppress(email, kind, now);
      if (row) await tx.markFailed(row.id, kind, now);
      return { recorded: true };
    });
  }
}
