import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type {
  CreativeManager,
  CreativeManagerPage,
  DelegatedActivityPage,
  DelegationGrant,
  DelegationGrantPage,
  GrantListingChoicePage,
  GrantSide,
} from '../../contracts/open-creative';
import { ListingsService } from '../listings';
import { NotificationsService } from '../notifications';
import { UsersService, type User } from '../users';
import { MANAGERS_PAGE } from './delegation.service';
import type { CreateGrantDto, ManagerProfileDto, ManagersQueryDto } from './dto/open-creative.dto';
import { toActivityJson, toGrantJson, toManagerJson } from './open-creative.mapper';
import { OpenCreativeRepository, type GrantRow } from './open-creative.repository';
import { requireGrantSide } from './open-creative.policy';

/**
 * The OpenCreative marketplace and its delegations: a user lists themselves as a creative manager; a realtor grants
 * one of them scoped access (optionally to some listings, optionally until a time); the manager accepts or
 * declines; the realtor revokes at any time. Accepting tells the realtor; the activity is read from the log.
 */
@Injectable()
export class OpenCreativeService {
  private readonly logger = new Logger('OpenCreative');

  constructor(
    private readonly repo: OpenCreativeRepository,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly listings: ListingsService,
    private readonly notifications: NotificationsService,
  ) {}

  async managers(q: ManagersQueryDto): Promise<CreativeManagerPage> {
    const { page, perPage, offset } = q.window(24);
    const [rows, total] = await this.repo.managers({ q: q.q, skill: q.skill }, offset, perPage);
    const users = await this.people(rows.map((r) => r.user_id));
    return pageOf(
      rows.map((r) => toManagerJson(r, users)),
      page,
      perPage,
      total,
    );
  }

  async manager(id: string): Promise<CreativeManager> {
    const row = await this.repo.manager(id);
    if (!row) throw new NotFoundException('There is no creative manager with that id.');
    return toManagerJson(row, await this.people([row.user_id]));
  }

  /** The caller's own listing, or null before they list themselves. */
  async mine(user: User): Promise<CreativeManager | null> {
    const row = await this.repo.managerOf(user.id);
    return row ? toManagerJson(row, await this.people([row.user_id])) : null;
  }

  async saveProfile(user: User, dto: ManagerProfileDto): Promise<CreativeManager> {
    await this.repo.saveManager(
      user.id,
      {
        headline: dto.headline.trim(),
        bio: dto.bio?.trim() ?? '',
        skills: dto.skills,
        rate_text: dto.rate_text?.trim() ?? '',
        portfolio: dto.portfolio ?? [],
      },
      this.clock.now(),
    );
    return (await this.mine(user))!;
  }

  /** Leaves the marketplace; grants already given stay as they are (the realtor revokes them). */
  async removeProfile(user: User): Promise<void> {
    await this.repo.removeManager(user.id);
  }

  /** A realtor offers a listed manager access; the grant waits for the manager to accept. */
  async createGrant(owner: User, dto: CreateGrantDto): Promise<DelegationGrant> {
    const manager = await this.repo.manager(dto.manager_id);
    if (!manager) throw ValidationFailedException.of('manager_id', 'Choose a creative manager from the marketplace.');
    if (manager.user_id === owner.id)
      throw ValidationFailedException.of('manager_id', 'You cannot delegate to yourself.');
    const expiresAt = dto.expires_at ? new Date(dto.expires_at) : null;
    if (expiresAt && expiresAt <= this.clock.now())
      throw ValidationFailedException.of('expires_at', 'Choose an expiry in the future.');
    const listingIds = dto.listing_ids ?? null;
    if (listingIds) await this.assertOwnListings(owner, listingIds);
    const taken = () =>
      ValidationFailedException.of('manager_id', 'This manager already has a grant from you: revoke it first.');
    if (await this.repo.openGrant(owner.id, manager.user_id)) throw taken();
    const row = await this.repo
      .insertGrant({
        owner_id: owner.id,
        manager_id: manager.user_id,
        scopes: dto.scopes,
        listing_ids: listingIds,
        expires_at: expiresAt,
      })
      // Two invitations at once: the partial unique index on the open pair keeps one.
      .catch((e: { code?: string }) => {
        throw e.code === '23505' ? taken() : e;
      });
    await this.tell(manager.user_id, `${owner.name} invited you to manage their work`, row.id, true);
    return this.grantJson(row);
  }

  /** The manager takes a pending grant; the realtor is told. */
  async accept(user: User, id: string): Promise<DelegationGrant> {
    const grant = await this.grantOf(user, id, 'manager');
    if (!(await this.repo.setStatus(id, ['pending'], 'active', this.clock.now())))
      throw ValidationFailedException.of(
        'status',
        `This grant is ${grant.status}: only a pending grant can be accepted.`,
      );
    await this.tell(grant.owner_id, `${user.name} accepted your delegation`, id, true);
    return this.grantJson((await this.repo.grant(id))!);
  }

  /** The manager turns down a pending grant, or gives back an active one. */
  async decline(user: User, id: string): Promise<DelegationGrant> {
    const grant = await this.grantOf(user, id, 'manager');
    if (!(await this.repo.setStatus(id, ['pending', 'active'], 'declined', this.clock.now())))
      throw ValidationFailedException.of('status', `This grant is already ${grant.status}.`);
    await this.tell(grant.owner_id, `${user.name} gave back your delegation`, id, false);
    return this.grantJson((await this.repo.grant(id))!);
  }

  /** The realtor (or an admin) ends a grant: the manager's next request is refused. */
  async revoke(user: User, id: string): Promise<DelegationGrant> {
    const grant = await this.grantOf(user, id, 'owner');
    if (!(await this.repo.setStatus(id, ['pending', 'active'], 'revoked', this.clock.now())))
      throw ValidationFailedException.of('status', `This grant is already ${grant.status}.`);
    await this.tell(grant.manager_id, `${user.name} revoked your delegation`, id, false);
    return this.grantJson((await this.repo.grant(id))!);
  }

  async grants(user: User, side: GrantSide, page: number, perPage: number): Promise<DelegationGrantPage> {
    const [rows, total] = await this.repo.grantsOf(user.id, side, (page - 1) * perPage, perPage);
    const users = await this.people(rows.flatMap((r) => [r.owner_id, r.manager_id]));
    const now = this.clock.now();
    return pageOf(
      rows.map((r) => toGrantJson(r, users, now)),
      page,
      perPage,
      total,
    );
  }

  async activity(user: User, side: GrantSide, page: number, perPage: number): Promise<DelegatedActivityPage> {
    const [rows, total] = await this.repo.activityOf(user.id, side, (page - 1) * perPage, perPage);
    const users = await this.people(rows.flatMap((r) => [r.owner_id, r.manager_id]));
    return pageOf(
      rows.map((r) => toActivityJson(r, users)),
      page,
      perPage,
      total,
    );
  }

  /** The caller's own listings, a page at a time, for the grant form's picker (newest first). */
  async listingChoices(owner: User, page: number, perPage: number): Promise<GrantListingChoicePage> {
    const [rows, total] = await this.listings.choicesPage(owner.id, (page - 1) * perPage, perPage);
    return pageOf(rows, page, perPage, total);
  }

  /** 404 when unknown; 403 unless the caller is the grant's `side` (admins may act as the owner). */
  private async grantOf(user: User, id: string, side: 'owner' | 'manager'): Promise<GrantRow> {
    const grant = await this.repo.grant(id);
    if (!grant) throw new NotFoundException('There is no grant with that id.');
    requireGrantSide(user, grant, side);
    return grant;
  }

  private async assertOwnListings(owner: User, ids: string[]): Promise<void> {
    const found = await this.listings.findManyWithProperty(ids);
    if (ids.some((id) => found.get(id)?.listing.userId !== owner.id))
      throw ValidationFailedException.of('listing_ids', 'Choose only your own listings.');
  }

  private async grantJson(row: GrantRow): Promise<DelegationGrant> {
    return toGrantJson(row, await this.people([row.owner_id, row.manager_id]), this.clock.now());
  }

  private async people(ids: string[]): Promise<Map<string, User>> {
    return new Map((await this.users.findByIds(ids)).map((u) => [u.id, u]));
  }

  private async tell(userId: string, title: string, grantId: string, email: boolean): Promise<void> {
    await this.notifications
      .notify(userId, { kind: 'system', title, url: MANAGERS_PAGE, data: { grant_id: grantId }, email })
      .catch((e: Error) => this.logger.warn(`grant notice not sent: ${e.message}`));
  }
}
