import { Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, In, MoreThan, Repository } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { Listing } from '../listings';
import { ListingsService, OpenHouseSummaryJson } from '../listings';
import { NotificationsService } from '../notifications';
import { paginate, type LinkedPage } from '../../common/pagination';
import { Property } from '../properties';
import { isPubliclyVisible } from '../properties';
import type { User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { CreateOpenHouseDto, RsvpDto, SurveyDto } from './dto/open-house.dto';
import { OpenHouse, OpenHouseRsvp } from './open-house.entity';

export const MAX_OPEN_HOUSES_PER_LISTING = 50;

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
  survey: OpenHouseRsvp['survey'];
  created_at: string;
}

const rsvpJson = (r: OpenHouseRsvp): RsvpJson => ({
  id: r.id,
  name: r.name,
  email: r.email,
  cancelled: !!r.cancelledAt,
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
          .where('r.open_house_id IN (:...ids) AND r.cancelled_at IS NULL', { ids: houses.map((h) => h.id) })
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

  /** RSVP with name and email; capacity checked under a lock on the open house row. */
  async rsvp(
    id: string,
    dto: RsvpDto,
    viewer: User | undefined,
  ): Promise<{ rsvp: RsvpJson & { token: string }; open_house: OpenHouseJson }> {
    const { house, property } = await this.getVisible(id, viewer);
    if (!isPubliclyVisible(property))
      throw ValidationFailedException.of('email', 'This listing is not open for registrations.');
    if (house.endsAt.getTime() <= Date.now())
      throw ValidationFailedException.of('email', 'This open house has already ended.');
    const token = randomBytes(24).toString('base64url');
    const saved = await this.dataSource.transaction(async (tx) => {
      await tx.query('SELECT id FROM open_houses WHERE id = $1 FOR UPDATE', [house.id]);
      const repo = tx.getRepository(OpenHouseRsvp);
      const taken = await repo
        .createQueryBuilder('r')
        .where('r.open_house_id = :id AND r.cancelled_at IS NULL', { id: house.id })
        .getCount();
      const duplicate = await repo
        .createQueryBuilder('r')
        .where('r.open_house_id = :id AND r.cancelled_at IS NULL AND lower(r.email) = :email', {
          id: house.id,
          email: dto.email,
        })
        .getExists();
      if (duplicate)
        throw ValidationFailedException.of('email', 'This email address is already registered for this open house.');
      if (taken >= house.capacity) throw ValidationFailedException.of('capacity', 'Sorry, this open house is full.');
      return repo.save(
        repo.create({ openHouseId: house.id, userId: viewer?.id ?? null, name: dto.name, email: dto.email, token }),
      );
    });
    await this.notifications
      .notify(property.userId, {
        kind: 'open_house_rsvp',
        title: `${dto.name} registered for the open house at ${property.name}`,
        url: `/listing/${house.listingId}/open-houses`,
        data: { open_house_id: house.id, rsvp_id: saved.id },
      })
      .catch((error: Error) => this.logger.warn(`open_house_rsvp notification failed: ${error.message}`));
    return { rsvp: { ...rsvpJson(saved), token }, open_house: await this.one(house) };
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
