import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { TourSide, TourUpdatedEvent } from '../../contracts/tours';
import { TimersService } from '../jobs';
import { NotificationsService } from '../notifications';
import { Broadcaster } from '../realtime';
import { localTime } from './ics';
import type { TourView } from './tours.repository';
import { ToursRepository } from './tours.repository';

export const TOUR_REMINDER_TIMER = 'tours.reminder';
export const TOUR_UPDATED_EVENT = 'tour.updated';
/** Reminders before a confirmed tour: a day and an hour ahead. */
export const REMINDER_LEADS: Record<string, number> = { '24h': 24 * 3600_000, '1h': 3600_000 };

export interface ReminderData {
  tourId: string;
  startsAt: string;
  lead: string;
}

const userChannel = (userId: string) => `private-App.Models.User.${userId}`;

/** What both parties of a tour hear: bell notifications (in each one's own time zone), live updates, reminders. */
@Injectable()
export class TourNoticesService {
  constructor(
    private readonly repo: ToursRepository,
    private readonly notifications: NotificationsService,
    private readonly broadcaster: Broadcaster,
    private readonly timers: TimersService,
    private readonly clock: Clock,
  ) {}

  /** Tells `to` (one side or both) what happened; `say` gets the time as that reader reads it. */
  async tell(t: TourView, to: TourSide[], say: (when: (d: Date) => string) => string): Promise<void> {
    for (const side of to) {
      const userId = side === 'buyer' ? t.buyer_id : t.realtor_id;
      const zone = side === 'buyer' ? t.buyer_timezone : t.realtor_timezone;
      await this.notifications.notify(userId, {
        kind: 'tour',
        title: say((d) => localTime(d, zone)).slice(0, 255),
        body: t.property_name,
        url: '/tours',
        data: { tour_id: t.id, status: t.status },
      });
    }
    const event: TourUpdatedEvent = { tour: { id: t.id, status: t.status } };
    await this.broadcaster.broadcast([userChannel(t.buyer_id), userChannel(t.realtor_id)], TOUR_UPDATED_EVENT, event);
  }

  /** One timer per lead that is still ahead; each re-checks the tour when it fires. */
  async scheduleReminders(t: TourView): Promise<void> {
    if (t.status !== 'confirmed' || !t.scheduled_at) return;
    const start = t.scheduled_at.getTime();
    for (const [lead, ms] of Object.entries(REMINDER_LEADS)) {
      const at = new Date(start - ms);
      if (at.getTime() <= this.clock.nowMs()) continue;
      const data: ReminderData = { tourId: t.id, startsAt: t.scheduled_at.toISOString(), lead };
      await this.timers.at(at, TOUR_REMINDER_TIMER, data, `${t.id}:${lead}`);
    }
  }

  /**
   * The reminder timer. Sends only if the tour is still confirmed for the same start, it is time and not yet past,
   * and this reminder was not sent before: a cancelled or rescheduled tour never reminds, a double fire sends once.
   */
  async remind(data: ReminderData): Promise<'sent' | 'stale' | 'early' | 'late' | 'duplicate'> {
    const t = await this.repo.find(data.tourId);
    const start = Date.parse(data.startsAt);
    const lead = REMINDER_LEADS[data.lead];
    if (!t || t.status !== 'confirmed' || t.scheduled_at?.getTime() !== start || lead === undefined) return 'stale';
    const now = this.clock.nowMs();
    if (now < start - lead - 60_000) return 'early';
    if (now >= start) return 'late';
    if (!(await this.repo.claimReminder(t.id, t.scheduled_at, data.lead, this.clock.now()))) return 'duplicate';
    await this.tell(
      t,
      ['buyer', 'realtor'],
      (when) => `Reminder: tour of ${t.property_name} at ${when(t.scheduled_at!)}`,
    );
    return 'sent';
  }
}
