import { Inject, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, In, MoreThan, Repository } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { Listing } from '../listings';
import { ListingsService, OpenHouseSummaryJson } from '../listings';
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
import { OpenHouse, OpenHouseRsvp } from './open-house.entity';

export const MAX_OPEN_HOUSES_PER_LISTING = 50;
/** RSVP attempts per hour from one IP address and for one email address (a public form). */
export const RSVPS_PER_IP_PER_HOUR = 10;
export const RSVPS_PER_EMAIL_PER_HOUR = 3;
/** An RSVP not yet confirmed by email holds its spot this long, then stops counting. */
export const UNCONFIRMED_HOLD_MINUTES = 30;
/** The RSVPs that take a spot: not cancelled, and confirmed or still within their hold. */
const TAKES_A_SPOT = `r.cancelled_at IS NULL AND (r.confirmed_at IS NOT NULL OR r.created_at > now() - interval '${UNCONFIRMED_HOLD_MINUTES} minutes')`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface OpenHouseJson extends OpenHouseSummaryJson {
  listing_id: string;
  notes: string | null;
  registered: number;
  spots_left: number;
  has_ended: boolean;
}

export interface RsvpJson {
  id: string;
  name: string;
  email: string;
  cancelled: boolean;
  confirmed: boolean;
  survey: OpenHouseRsvp['survey'];
  created_at: string;
}

const rsvpJson = (r: OpenHouseRsvp): RsvpJson => ({
  id: r.id,
  name: r.name,
  email: r.email,
  cancelled: !!r.cancelledAt,
  confirmed: !!r.confirmedAt,
  survey: r.survey,
  created_at: r.createdAt.toISOString(),
});

/** A listing's open houses, RSVPs with capacity, cancellations and the after-visit survey. */
@Injectable()
export class OpenHousesService implements OnModuleInit {
  private readonly logger = new Logger('OpenHouses');

  constructor(
    @InjectRepository(OpenHouse) private readonly houses: Repository<OpenHouse>,
    @InjectRepository(OpenHouseRsvp) private readonly rsvps: Repository<OpenHouseRsvp>,
    private readonly dataSource: DataSource,
    private readonly listings: ListingsService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    // Listing JSON carries its upcoming open houses.
    this.listings.useOpenHouses(async (ids) => {
      const rows = await this.houses.find({
        where: { listingId: In(ids), endsAt: MoreThan(new Date()) },
        order: { startsAt: 'ASC' },
      });
      const map = new Map<string, OpenHouseSummaryJson[]>();
      for (const h of rows) {
        const list = map.get(h.listingId) ?? [];
        if (list.length < 10)
          list.push({
            id: h.id,
            starts_at: h.startsAt.toISOString(),
            ends_at: h.endsAt.toISOString(),
            capacity: h.capacity,
          });
        map.set(h.listingId, list);
      }
      return map;
    });
  }

  private async json(houses: OpenHouse[]): Promise<OpenHouseJson[]> {
    const counts = houses.length
      ? ((await this.rsvps
          .createQueryBuilder('r')
          .select('r.open_house_id', 'id')
          .addSelect('count(*)::int', 'n')
          .where(`r.open_house_id IN (:...ids) AND ${TAKES_A_SPOT}`, { ids: houses.map((h) => h.id) })
          .groupBy('r.open_house_id')
          .getRawMany()) as Array<{ id: string; n: number }>)
      : [];
    const byId = new Map(counts.map((c) => [c.id, c.n]));
    const now = Date.now();
    return houses.map((h) => {
      const registered = byId.get(h.id) ?? 0;
      return {
        id: h.id,
        listing_id: h.listingId,
        starts_at: h.startsAt.toISOString(),
        ends_at: h.endsAt.toISOString(),
        capacity: h.capacity,
        notes: h.notes,
        registered,
        spots_left: Math.max(0, h.capacity - registered),
        has_ended: h.endsAt.getTime() <= now,
      };
    });
  }

  async one(house: OpenHouse): Promise<OpenHouseJson> {
    return (await this.json([house]))[0];
  }

  async forListing(listingId: string, viewer: User | undefined): Promise<OpenHouseJson[]> {
    const { listing } = await this.listings.getVisible(listingId, viewer);
    return this.json(
      await this.houses.find({
        where: { listingId: listing.id },
        order: { startsAt: 'ASC' },
        take: MAX_OPEN_HOUSES_PER_LISTING,
      }),
    );
  }

  async create(listingId: string, user: User, dto: CreateOpenHouseDto): Promise<OpenHouseJson> {
    const { listing } = await this.listings.getEditable(listingId, user);
    if (dto.ends_at.getTime() <= dto.starts_at.getTime())
      throw ValidationFailedException.of('ends_at', 'The end must be after the start.');
    if (dto.ends_at.getTime() <= Date.now())
      throw ValidationFailedException.of('ends_at', 'The open house must end in the future.');
    if (dto.ends_at.getTime() - dto.starts_at.getTime() > 24 * 3600_000)
      throw ValidationFailedException.of('ends_at', 'An open house lasts at most 24 hours.');
    if ((await this.houses.countBy({ listingId: listing.id })) >= MAX_OPEN_HOUSES_PER_LISTING) {
      throw ValidationFailedException.of(
        'starts_at',
        `A listing can have at most ${MAX_OPEN_HOUSES_PER_LISTING} open houses.`,
      );
    }
    const house = await this.houses.save(
      this.houses.create({
        listingId: listing.id,
        startsAt: dto.starts_at,
        endsAt: dto.ends_at,
        capacity: dto.capacity,
        notes: dto.notes || null,
      }),
    );
    return this.one(house);
  }

  /** The open house with its listing and property; 404 unless the viewer may see the listing. */
  async getVisible(
    id: string,
    viewer: User | undefined,
  ): Promise<{ house: OpenHouse; listing: Listing; property: Property }> {
    const house = isUuid(id) ? await this.houses.findOneBy({ id }) : null;
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
    await this.houses.delete({ id: house.id });
  }

  async rsvpList(id: string, user: User, page: number, perPage: number): Promise<LinkedPage<RsvpJson>> {
    const { house } = await this.getEditable(id, user);
    const [rows, total] = await this.rsvps.findAndCount({
      where: { openHouseId: house.id },
      order: { createdAt: 'ASC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
    return paginate(rows.map(rsvpJson), total, page, perPage, `/api/open-houses/${house.id}/rsvps`, {
      per_page: perPage,
    });
  }

  /**
   * RSVP with name and email; capacity checked under a lock on the open house row. Limited per IP and
   * per email; confirmed at once for a verified account with that email, else by a link mailed to it
   * (until then it holds its spot for UNCONFIRMED_HOLD_MINUTES and the realtor is not told).
   */
  async rsvp(
    id: string,
    dto: RsvpDto,
    viewer: User | undefined,
    ip: string,
  ): Promise<{ rsvp: RsvpJson & { token: string }; open_house: OpenHouseJson }> {
    const { house, property } = await this.getVisible(id, viewer);
    if (!isPubliclyVisible(property))
      throw ValidationFailedException.of('email', 'This listing is not open for registrations.');
    if (house.endsAt.getTime() <= Date.now())
      throw ValidationFailedException.of('email', 'This open house has already ended.');
    await this.limiter.hit(`open-house-rsvp:ip:${ip}`, RSVPS_PER_IP_PER_HOUR, 3600);
    await this.limiter.hit(`open-house-rsvp:email:${dto.email}`, RSVPS_PER_EMAIL_PER_HOUR, 3600);
    const verified = !!viewer?.emailVerifiedAt && viewer.email.toLowerCase() === dto.email;
    const token = randomBytes(24).toString('base64url');
    const confirmToken = verified ? null : randomBytes(24).toString('base64url');
    const saved = await this.dataSource.transaction(async (tx) => {
      await tx.query('SELECT id FROM open_houses WHERE id = $1 FOR UPDATE', [house.id]);
      const repo = tx.getRepository(OpenHouseRsvp);
      const taken = await repo
        .createQueryBuilder('r')
        .where(`r.open_house_id = :id AND ${TAKES_A_SPOT}`, { id: house.id })
        .getCount();
      const duplicate = await repo
        .createQueryBuilder('r')
        .where(`r.open_house_id = :id AND ${TAKES_A_SPOT} AND lower(r.email) = :email`, {
          id: house.id,
          email: dto.email,
        })
        .getExists();
      if (duplicate)
        throw ValidationFailedException.of('email', 'This email address is already registered for this open house.');
      if (taken >= house.capacity) throw ValidationFailedException.of('capacity', 'Sorry, this open house is full.');
      return repo.save(
        repo.create({
          openHouseId: house.id,
          userId: viewer?.id ?? null,
          name: dto.name,
          email: dto.email,
          token,
          confirmedAt: verified ? new Date() : null,
          confirmTokenHash: confirmToken ? hashToken(confirmToken) : null,
        }),
      );
    });
    await this.events.publish('open_house.registered', `rsvp|${saved.id}`, { rsvp_id: saved.id, open_house_id: house.id, property_id: property.id, user_id: saved.userId, name: saved.name, email: saved.email, registered_at: saved.createdAt.toISOString() }); // prettier-ignore
    if (confirmToken) await this.sendConfirmation(saved, property, house, confirmToken);
    else await this.tellRealtor(saved, property, house);
    return { rsvp: { ...rsvpJson(saved), token }, open_house: await this.one(house) };
  }

  /** The link from the confirmation mail: confirms once (again is a no-op) if the spot is still there. */
  async confirm(confirmToken: string): Promise<OpenHouse> {
    const rsvp =
      confirmToken.length <= 64 ? await this.rsvps.findOneBy({ confirmTokenHash: hashToken(confirmToken) }) : null;
    const house = rsvp && !rsvp.cancelledAt ? await this.houses.findOneBy({ id: rsvp.openHouseId }) : null;
    const found = house ? await this.listings.findWithProperty(house.listingId) : null;
    if (!rsvp || !house || !found) throw new NotFoundException('There is no registration with that link.');
    if (rsvp.confirmedAt) return house;
    await this.dataSource.transaction(async (tx) => {
      await tx.query('SELECT id FROM open_houses WHERE id = $1 FOR UPDATE', [house.id]);
      const others = await tx
        .getRepository(OpenHouseRsvp)
        .createQueryBuilder('r')
        .where(`r.open_house_id = :id AND r.id <> :rsvp AND ${TAKES_A_SPOT}`, { id: house.id, rsvp: rsvp.id })
        .getCount();
      if (others >= house.capacity)
        throw ValidationFailedException.of('capacity', 'Sorry, this open house filled up before you confirmed.');
      await tx.getRepository(OpenHouseRsvp).update({ id: rsvp.id }, { confirmedAt: new Date() });
    });
    await this.tellRealtor(rsvp, found.property, house);
    return house;
  }

  /** The realtor removes a registration (e.g. a fake one) from their open house. */
  async removeRsvp(houseId: string, rsvpId: string, user: User): Promise<void> {
    const { house } = await this.getEditable(houseId, user);
    const result = isUuid(rsvpId) ? await this.rsvps.delete({ id: rsvpId, openHouseId: house.id }) : { affected: 0 };
    if (!result.affected) throw new NotFoundException('There is no such registration for this open house.');
  }

  private async sendConfirmation(rsvp: OpenHouseRsvp, property: Property, house: OpenHouse, confirmToken: string) {
    const base = this.config.appUrl.replace(/\/$/, '');
    const mail = renderActionMail({
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
    const rsvp = token && token.length <= 64 ? await this.rsvps.findOneBy({ token }) : null;
    const house = rsvp ? await this.houses.findOneBy({ id: rsvp.openHouseId }) : null;
    const found = house ? await this.listings.findWithProperty(house.listingId) : null;
    if (!rsvp || !house || !found) throw new NotFoundException('There is no registration with that link.');
    return { rsvp, house, property: found.property };
  }

  async cancel(token: string): Promise<{ property: Property; house: OpenHouse }> {
    const { rsvp, house, property } = await this.byToken(token);
    if (!rsvp.cancelledAt) await this.rsvps.update({ id: rsvp.id }, { cancelledAt: new Date() });
    return { property, house };
  }

  async survey(token: string, dto: SurveyDto): Promise<void> {
    const { rsvp, house } = await this.byToken(token);
    if (rsvp.cancelledAt) throw ValidationFailedException.of('rating', 'This registration was cancelled.');
    if (house.startsAt.getTime() > Date.now())
      throw ValidationFailedException.of('rating', 'The survey opens once the open house has started.');
    await this.rsvps.update(
      { id: rsvp.id },
      {
        survey: { rating: dto.rating, interested: dto.interested, comments: dto.comments || null },
        surveyedAt: new Date(),
      },
    );
  }
}
