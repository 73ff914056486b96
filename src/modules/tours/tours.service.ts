import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Tour, TourAction, TourPage, TourSide } from '../../contracts/tours';
import { DomainEvents } from '../events';
import { PropertiesService } from '../properties';
import type { User } from '../users';
import { TourMailService, tourIcs } from './tour-mail.service';
import { TourNoticesService } from './tour-notices.service';
import { nextStatus } from './tour-state';
import type { RequestTourDto } from './dto/tours.dto';
import { sideOf, toTourJson } from './tours.mapper';
import { type TourChange, ToursRepository, type TourView } from './tours.repository';
import { requireParty, requireTurn } from './tours.policy';

const HOUR = 3600_000;
/** Times offered must be at least an hour ahead and at most 90 days out. */
export const EARLIEST_MS = HOUR;
export const LATEST_MS = 90 * 24 * HOUR;

/** Tour requests between a buyer and the listing's realtor, moved on by the state machine in tour-state.ts. */
@Injectable()
export class ToursService {
  constructor(
    private readonly repo: ToursRepository,
    private readonly properties: PropertiesService,
    private readonly notices: TourNoticesService,
    private readonly mails: TourMailService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  /** Validated, distinct, sorted offered times (422 on `field`). */
  private times(raw: string[], field: string): Date[] {
    const now = this.clock.nowMs();
    const times = [...new Set(raw.map((s) => Date.parse(s)))].sort((a, b) => a - b);
    if (times.some((t) => t < now + EARLIEST_MS))
      throw ValidationFailedException.of(field, 'Offer times at least an hour from now.');
    if (times.some((t) => t > now + LATEST_MS))
      throw ValidationFailedException.of(field, 'Offer times within the next 90 days.');
    return times.map((t) => new Date(t));
  }

  async request(user: User, dto: RequestTourDto): Promise<Tour> {
    const p = await this.properties.findById(dto.property_id);
    if (!p || !(await this.properties.canView(p, user))) throw new NotFoundException('There is no such listing.');
    if (p.userId === user.id) throw ValidationFailedException.of('property_id', 'This is your own listing.');
    if (!p.publish || p.archivedAt)
      throw ValidationFailedException.of('property_id', 'This listing is not on the market.');
    const id = await this.repo.insert({
      propertyId: p.id,
      buyerId: user.id,
      realtorId: p.userId,
      mode: dto.mode,
      times: this.times(dto.times, 'times'),
      message: dto.message || null,
      now: this.clock.now(),
    });
    if (!id) throw new ConflictException('You already have an open tour request for this listing.');
    const t = (await this.repo.find(id))!;
    await this.notices.tell(
      t,
      ['realtor'],
      (when) => `${t.buyer_name} asks for a tour: ${t.offered_times.map(when).join(' / ')}`,
    );
    await this.events.publish('tour.requested', `tour.requested|${t.id}`, {
      tour_id: t.id,
      property_id: t.property_id,
      buyer_id: t.buyer_id,
      realtor_id: t.realtor_id,
      mode: t.mode,
      offered_times: t.offered_times.map((d) => d.toISOString()),
      requested_at: t.created_at.toISOString(),
    });
    return toTourJson(t, user.id);
  }

  async find(user: User, id: string): Promise<Tour> {
    const { tour } = await this.party(user, id);
    return toTourJson(tour, user.id);
  }

  async page(user: User, side: TourSide, page: number, perPage: number): Promise<TourPage> {
    const { rows, total } = await this.repo.page(user.id, side, perPage, (page - 1) * perPage);
    return pageOf(
      rows.map((t) => toTourJson(t, user.id)),
      page,
      perPage,
      total,
    );
  }

  confirm(user: User, id: string, time: string): Promise<Tour> {
    return this.act(user, id, 'confirm', (t) => {
      const at = Date.parse(time);
      if (!t.offered_times.some((d) => d.getTime() === at))
        throw ValidationFailedException.of('time', 'Choose one of the offered times.');
      if (at <= this.clock.nowMs()) throw ValidationFailedException.of('time', 'That time has passed.');
      return { status: 'confirmed', scheduledAt: new Date(at), bumpSequence: true };
    });
  }

  propose(user: User, id: string, raw: string[]): Promise<Tour> {
    return this.act(user, id, 'propose', (t, side, next) => {
      if (side === 'realtor' && raw.length > 1) throw ValidationFailedException.of('times', 'Propose one time.');
      return {
        status: next,
        offeredTimes: this.times(raw, 'times'),
        offeredBy: side,
        bumpSequence: t.status === 'confirmed',
      };
    });
  }

  decline(user: User, id: string, reason?: string | null): Promise<Tour> {
    return this.act(user, id, 'decline', () => ({ status: 'declined', declineReason: reason || null }));
  }

  cancel(user: User, id: string): Promise<Tour> {
    return this.act(user, id, 'cancel', (t) => ({ status: 'cancelled', bumpSequence: !!t.scheduled_at }));
  }

  /** The calendar file of a tour with an agreed time (a cancelled or moved one as a cancellation). */
  async calendar(user: User, id: string): Promise<{ filename: string; body: string }> {
    const { tour: t } = await this.party(user, id);
    if (!t.scheduled_at) throw new ConflictException('This tour has no agreed time yet.');
    const body = tourIcs(t, this.config.appUrl);
    return { filename: `tour-${t.property_slug}.ics`, body };
  }

  /** The tour and the user's side of it, for its buyer and the listing's realtor only. */
  async party(user: User, id: string): Promise<{ tour: TourView; side: TourSide }> {
    const tour = await this.repo.find(id);
    if (!tour) throw new NotFoundException('There is no tour with that id.');
    const side = sideOf(tour, user.id);
    requireParty(side);
    return { tour, side };
  }

  /** One move of the state machine: 403 not yours to make, 409 not from this state (or someone moved first). */
  private async act(
    user: User,
    id: string,
    action: TourAction,
    change: (t: TourView, side: TourSide, next: TourChange['status']) => TourChange,
  ): Promise<Tour> {
    const { tour, side } = await this.party(user, id);
    const next = nextStatus(tour.status, action, side);
    requireTurn(next);
    if (next === 'illegal') throw new ConflictException(`This tour is ${tour.status}; it cannot be changed that way.`);
    if (!(await this.repo.transition(id, tour.status, change(tour, side, next), this.clock.now())))
      throw new ConflictException('The tour changed meanwhile; reload and try again.');
    const t = (await this.repo.find(id))!;
    const other: TourSide = side === 'buyer' ? 'realtor' : 'buyer';
    const who = side === 'buyer' ? t.buyer_name : t.realtor_name;
    if (t.status === 'confirmed') {
      await this.notices.scheduleReminders(t);
      await this.notices.tell(t, ['buyer', 'realtor'], (when) => `Tour confirmed: ${when(t.scheduled_at!)}`);
    } else if (t.status === 'requested' || t.status === 'proposed') {
      await this.notices.tell(t, [other], (when) => `${who} proposes ${t.offered_times.map(when).join(' / ')}`);
    } else {
      await this.notices.tell(t, [other], () => `${who} ${t.status} the tour`);
    }
    if (t.sequence !== tour.sequence) await this.mails.calendarChanged(t);
    return toTourJson(t, user.id);
  }
}
