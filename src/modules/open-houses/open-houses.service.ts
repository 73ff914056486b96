import { Inject, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { createHash, randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import { Listing } from '../listings';
import { ListingsService } from '../listings';
import { renderActionMail } from '../auth';
import { MailService } from '../mail';
import { DomainEvents } from '../events';
import { NotificationsService } from '../notifications';
import { RateLimiterService } from '../security';
import { paginate, type LinkedPage } from '../../common/pagination';
import { Property } from '../properties';
import { isPubliclyVisible } from '../properties';
import type { User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { CreateOpenHouseDto, RsvpDto, SurveyDto } from './dto/open-house.dto';
import type { RsvpCreated } from '../../contracts/open-houses';
import { OpenHouse, OpenHouseRsvp } from './open-house.entity';
import {
  toOpenHouseJson,
  toOpenHouseSummary,
  toRsvpJson,
  type OpenHouseJson,
  type OpenHouseSummary,
  type RsvpJson,
} from './open-houses.mapper';
import { OpenHousesRepository, UNCONFIRMED_HOLD_MINUTES } from './open-houses.repository';

export const MAX_OPEN_HOUSES_PER_LISTING = 50;
/** RSVP attempts per hour from one IP address and for one email address (a public form). */
export const RSVPS_PER_IP_PER_HOUR = 10;
export const RSVPS_PER_EMAIL_PER_HOUR = 3;
export { UNCONFIRMED_HOLD_MINUTES };
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type { OpenHouseJson, RsvpJson };

/** A listing's open houses, RSVPs with capacity, cancellations and the after-visit survey. */
@Injectable()
export class OpenHousesService implements OnModuleInit {
  private readonly logger = new Logger('OpenHouses');

  constructor(
    private readonly repo: OpenHousesRepository,
    private readonly listings: ListingsService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    // Listing JSON carries its upcoming open houses.
    this.listings.useOpenHouses(async (ids) => {
      const map = new Map<string, OpenHouseSummary[]>();
      for (const h of await this.repo.upcomingFor(ids, this.clock.now())) {
        const list = map.get(h.listingId) ?? [];
        if (list.length < 10) list.push(toOpenHouseSummary(h));
        map.set(h.listingId, list);
      }
      return map;
    });
  }

  private async json(houses: OpenHouse[]): Promise<OpenHouseJson[]> {
    const taken = await this.repo.spotsTaken(houses.map((h) => h.id));
    const now = this.clock.nowMs();
    return houses.map((h) => toOpenHouseJson(h, taken.get(h.id) ?? 0, now));
  }

  async one(house: OpenHouse): Promise<OpenHouseJson> {
    return (await this.json([house]))[0];
  }

  async forListing(listingId: string, viewer: User | undefined): Promise<OpenHouseJson[]> {
    const { listing } = await this.listings.getVisible(listingId, viewer);
    return this.json(await this.repo.forListing(listing.id, MAX_OPEN_HOUSES_PER_LISTING));
  }

  /** The listing, for whoever may edit it (its realtor, their team's editors): they host its open houses. */
  mayHost(user: User, listingId: string) {
    return this.listings.getEditable(listingId, user);
  }

  async create(listingId: string, user: User, dto: CreateOpenHouseDto): Promise<OpenHouseJson> {
    const { listing } = await this.mayHost(user, listingId);
    if (dto.ends_at.getTime() <= dto.starts_at.getTime())
      throw ValidationFailedException.of('ends_at', 'The end must be after the start.');
    if (dto.ends_at.getTime() <= this.clock.nowMs())
      throw ValidationFailedException.of('ends_at', 'The open house must end in the future.');
    if (dto.ends_at.getTime() - dto.starts_at.getTime() > 24 * 3600_000)
      throw ValidationFailedException.of('ends_at', 'An open house lasts at most 24 hours.');
    if ((await this.repo.countForListing(listing.id)) >= MAX_OPEN_HOUSES_PER_LISTING) {
      throw ValidationFailedException.of(
        'starts_at',
        `A listing can have at most ${MAX_OPEN_HOUSES_PER_LISTING} open houses.`,
      );
    }
    const house = await this.repo.insert({
      listingId: listing.id,
      startsAt: dto.starts_at,
      endsAt: dto.ends_at,
      capacity: dto.capacity,
      notes: dto.notes || null,
    });
    return this.one(house);
  }

  /** The open house with its listing and property; 404 unless the viewer may see the listing. */
  async getVisible(
    id: string,
    viewer: User | undefined,
  ): Promise<{ house: OpenHouse; listing: Listing; property: Property }> {
    const house = isUuid(id) ? await this.repo.find(id) : null;
    if (!house) throw new NotFoundException('There is no open house with that id.');
    const { listing, property } = await this.listings.getVisible(house.listingId, viewer);
    return { house, listing, property };
  }

  async getEditable(id: string, user: User): Promise<{ house: OpenHouse; listing: Listing; property: Property }> {
    const found = await this.getVisible(id, user);
    await this.listings.getEditable(found.listing.id, user);
    return found;
  }

  async delete(id: string, user: User): Promise<void> {
    const { house } = await this.getEditable(id, user);
    await this.repo.delete(house.id);
  }

  async rsvpList(id: string, user: User, page: number, perPage: number): Promise<LinkedPage<RsvpJson>> {
    const { house } = await this.getEditable(id, user);
    const [rows, total] = await this.repo.rsvpPage(house.id, (page - 1) * perPage, perPage);
    return paginate(rows.map(toRsvpJson), total, page, perPage, `/api/open-houses/${house.id}/rsvps`, {
      per_page: perPage,
    });
  }

  /**
   * RSVP with name and email; capacity checked under a lock on the open house row. Limited per IP and
   * per email; confirmed at once for a verified account with that email, else by a link mailed to it
   * (until then it holds its spot for UNCONFIRMED_HOLD_MINUTES and the realtor is not told).
   */
  async rsvp(id: string, dto: RsvpDto, viewer: User | undefined, ip: string): Promise<RsvpCreated> {
    const { house, property } = await this.getVisible(id, viewer);
    if (!isPubliclyVisible(property))
      throw ValidationFailedException.of('email', 'This listing is not open for registrations.');
    if (house.endsAt.getTime() <= this.clock.nowMs())
      throw ValidationFailedException.of('email', 'This open house has already ended.');
    await this.limiter.hit(`open-house-rsvp:ip:${ip}`, RSVPS_PER_IP_PER_HOUR, 3600);
    await this.limiter.hit(`open-house-rsvp:email:${dto.email}`, RSVPS_PER_EMAIL_PER_HOUR, 3600);
    const verified = !!viewer?.emailVerifiedAt && viewer.email.toLowerCase() === dto.email;
    const token = randomBytes(24).toString('base64url');
    const confirmToken = verified ? null : randomBytes(24).toString('base64url');
    const saved = await this.repo.transaction(async (tx) => {
      await this.repo.lockHouse(tx, house.id);
      const taken = await this.repo.countTakingSpots(tx, house.id);
      if (await this.repo.emailTakesSpot(tx, house.id, dto.email))
        throw ValidationFailedException.of('email', 'This email address is already registered for this open house.');
      if (taken >= house.capacity) throw ValidationFailedException.of('capacity', 'Sorry, this open house is full.');
      return this.repo.insertRsvp(tx, {
        openHouseId: house.id,
        userId: viewer?.id ?? null,
        name: dto.name,
        email: dto.email,
        token,
        confirmedAt: verified ? this.clock.now() : null,
        confirmTokenHash: confirmToken ? hashToken(confirmToken) : null,
      });
    });
    await this.events.publish('open_house.registered', `rsvp|${saved.id}`, { rsvp_id: saved.id, open_house_id: house.id, property_id: property.id, user_id: saved.userId, name: saved.name, email: saved.email, registered_at: saved.createdAt.toISOString() }); // prettier-ignore
    if (confirmToken) await this.sendConfirmation(saved, property, house, confirmToken);
    else await this.tellRealtor(saved, property, house);
    return { rsvp: { ...toRsvpJson(saved), token }, open_house: await this.one(house) };
  }

  /** The link from the confirmation mail: confirms once (again is a no-op) if the spot is still there. */
  async confirm(confirmToken: string): Promise<OpenHouse> {
    const rsvp = confirmToken.length <= 64 ? await this.repo.rsvpByConfirmHash(hashToken(confirmToken)) : null;
    const house = rsvp && !rsvp.cancelledAt ? await this.repo.find(rsvp.openHouseId) : null;
    const found = house ? await this.listings.findWithProperty(house.listingId) : null;
    if (!rsvp || !house || !found) throw new NotFoundException('There is no registration with that link.');
    if (rsvp.confirmedAt) return house;
    await this.repo.transaction(async (tx) => {
      await this.repo.lockHouse(tx, house.id);
      const others = await this.repo.countTakingSpots(tx, house.id, rsvp.id);
      if (others >= house.capacity)
        throw ValidationFailedException.of('capacity', 'Sorry, this open house filled up before you confirmed.');
      await this.repo.updateRsvp(rsvp.id, { confirmedAt: this.clock.now() }, tx);
    });
    await this.tellRealtor(rsvp, found.property, house);
    return house;
  }

  /** The realtor removes a registration (e.g. a fake one) from their open house. */
  async removeRsvp(houseId: string, rsvpId: string, user: User): Promise<void> {
    const { house } = await this.getEditable(houseId, user);
    const removed = isUuid(rsvpId) && (await this.repo.deleteRsvp(rsvpId, house.id));
    if (!removed) throw new NotFoundException('There is no such registration for this open house.');
  }

  private async sendConfirmation(rsvp: OpenHouseRsvp, property: Property, house: OpenHouse, confirmToken: string) {
    const base = this.config.appUrl.replace(/\/$/, '');
    const mail = renderActionMail({
      sentAt: this.clock.now(),
      appName: this.config.appName,
      heading: `Confirm your visit to ${property.name}`,
      lines: [
        `Hi ${rsvp.name}, please confirm your registration for the open house on ${house.startsAt.toUTCString()}.`,
        `Unconfirmed registrations are released after ${UNCONFIRMED_HOLD_MINUTES} minutes.`,
      ],
      actionText: 'Confirm my registration',
      actionUrl: `${base}/open-houses/rsvp/confirm/${confirmToken}`,
      outro: ['If you did not register, ignore this mail: nothing happens without the confirmation.'],
    });
    await this.mail.send({ to: rsvp.email, subject: `Confirm your open house visit: ${property.name}`, ...mail });
  }

  private async tellRealtor(rsvp: OpenHouseRsvp, property: Property, house: OpenHouse): Promise<void> {
    await this.notifications
      .notify(property.userId, {
        kind: 'open_house_rsvp',
        title: `${rsvp.name} registered for the open house at ${property.name}`,
        url: `/listing/${house.listingId}/open-houses`,
        data: { open_house_id: house.id, rsvp_id: rsvp.id },
      })
      .catch((error: Error) => this.logger.warn(`open_house_rsvp notification failed: ${error.message}`));
  }

  async byToken(token: string): Promise<{ rsvp: OpenHouseRsvp; house: OpenHouse; property: Property }> {
    const rsvp = token && token.length <= 64 ? await this.repo.rsvpByToken(token) : null;
    const house = rsvp ? await this.repo.find(rsvp.openHouseId) : null;
    const found = house ? await this.listings.findWithProperty(house.listingId) : null;
    if (!rsvp || !house || !found) throw new NotFoundException('There is no registration with that link.');
    return { rsvp, house, property: found.property };
  }

  async cancel(token: string): Promise<{ property: Property; house: OpenHouse }> {
    const { rsvp, house, property } = await this.byToken(token);
    if (!rsvp.cancelledAt) await this.repo.updateRsvp(rsvp.id, { cancelledAt: this.clock.now() });
    return { property, house };
  }

  async survey(token: string, dto: SurveyDto): Promise<void> {
    const { rsvp, house } = await this.byToken(token);
    if (rsvp.cancelledAt) throw ValidationFailedException.of('rating', 'This registration was cancelled.');
    if (house.startsAt.getTime() > this.clock.nowMs())
      throw ValidationFailedException.of('rating', 'The survey opens once the open house has started.');
    await this.repo.updateRsvp(rsvp.id, {
      survey: { rating: dto.rating, interested: dto.interested, comments: dto.comments || null },
      surveyedAt: this.clock.now(),
    });
  }
}
