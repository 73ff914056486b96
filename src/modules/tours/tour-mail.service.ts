import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { TourSide } from '../../contracts/tours';
import { MailService } from '../mail';
import { escapeHtml } from '../../common/escape-html';
import { buildIcs, localTime } from './ics';
import type { TourView } from './tours.repository';

/**
 * The tour's calendar entry: one UID for the tour's whole life and its SEQUENCE (raised by every change of the agreed
 * time), so calendars update the entry they have; anything but a confirmed tour is a cancellation (METHOD:CANCEL).
 */
export function tourIcs(t: TourView, appUrl: string): string {
  const host = new URL(appUrl).hostname;
  const mode = t.mode === 'video' ? 'Video tour' : 'In-person tour';
  return buildIcs({
    uid: `tour-${t.id}@${host}`,
    sequence: t.sequence,
    start: t.scheduled_at!,
    durationMinutes: t.duration_minutes,
    stamp: t.updated_at,
    summary: `${mode}: ${t.property_name}`,
    description: `${mode} of ${t.property_name} with ${t.realtor_name} and ${t.buyer_name}.${t.message ? `\n${t.message}` : ''}`,
    location: t.mode === 'video' ? 'Video call (link in the Reelty chat)' : t.property_address,
    url: `${appUrl}/tours`,
    organizer: { name: t.realtor_name, email: t.realtor_email },
    attendee: { name: t.buyer_name, email: t.buyer_email },
    cancelled: t.status !== 'confirmed',
  });
}

/** What a calendar change is called in the mail: the first agreed time, a new one, or none any more. */
function headline(t: TourView, when: string): { subject: string; line: string } {
  if (t.status === 'confirmed' && t.sequence <= 1)
    return { subject: `Tour confirmed: ${t.property_name}`, line: `Your tour is booked for ${when}.` };
  if (t.status === 'confirmed')
    return { subject: `Tour moved: ${t.property_name}`, line: `Your tour now takes place ${when}.` };
  if (t.status === 'cancelled')
    return { subject: `Tour cancelled: ${t.property_name}`, line: `The tour on ${when} is cancelled.` };
  return {
    subject: `Tour time withdrawn: ${t.property_name}`,
    line: `The tour on ${when} is off the calendar while a new time is agreed.`,
  };
}

/**
 * Mails both sides a change of the tour's agreed time (confirmed, moved, withdrawn for a reschedule, cancelled), each
 * in their own time zone, with the calendar entry attached (`text/calendar`, METHOD:REQUEST or METHOD:CANCEL).
 */
@Injectable()
export class TourMailService {
  private readonly logger = new Logger(TourMailService.name);

  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async calendarChanged(t: TourView): Promise<void> {
    if (!t.scheduled_at) return;
    const ics = tourIcs(t, this.config.appUrl);
    const method = t.status === 'confirmed' ? 'REQUEST' : 'CANCEL';
    const link = `${this.config.appUrl}/tours`;
    for (const side of ['buyer', 'realtor'] as TourSide[]) {
      const [name, email, zone] =
        side === 'buyer'
          ? [t.buyer_name, t.buyer_email, t.buyer_timezone]
          : [t.realtor_name, t.realtor_email, t.realtor_timezone];
      const { subject, line } = headline(t, localTime(t.scheduled_at, zone));
      const where = t.mode === 'video' ? 'By video call (link in the Reelty chat)' : (t.property_address ?? '');
      try {
        await this.mail.send({
          to: email,
          subject: `${subject} - ${this.config.appName}`,
          text: [`Hi ${name},`, line, `${t.property_name}\n${where}`, link].join('\n\n'),
          html:
            `<p>Hi ${escapeHtml(name)},</p><p><strong>${escapeHtml(line)}</strong></p>` +
            `<p>${escapeHtml(t.property_name)}<br>${escapeHtml(where)}</p>` +
            `<p><a href="${escapeHtml(link)}">Open your tours</a></p>` +
            `<p style="color:#666;font-size:12px">The attached calendar file updates the entry in your calendar.</p>`,
          attachments: [
            {
              filename: `tour-${t.property_slug}.ics`,
              contentType: `text/calendar; method=${method}; charset=UTF-8`,
              content: ics,
            },
          ],
        });
      } catch (error) {
        // The change is committed and told through the bell; a mail queue hiccup must not fail the answer.
        this.logger.warn(`tour ${t.id} mail to the ${side} not queued: ${(error as Error).message}`);
      }
    }
  }
}
