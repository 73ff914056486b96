import { Injectable, NotFoundException } from '@nestjs/common';
import { ValidationFailedException } from '../../common/validation';
import { randomUUID } from 'node:crypto';
import { DomainEvents } from '../events';
import { roleAllows, TeamsService } from '../teams';
import { toPublicUser, User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { UsersService } from '../users';
import { DashboardQueryDto, UpdatePropertyDto } from './dto/property.dto';
import { paginate, type LinkedPage } from '../../common/pagination';
import { DEFAULT_PAGE_SIZE } from './property.constants';
import { AnimationSetting, Currency, Property, PropertyUpload } from './property.entity';
import {
  ComponentJson,
  componentJson,
  CurrencyJson,
  currencyJson,
  PropertyJson,
  propertyJson,
  PropertySummaryJson,
  summaryJson,
  UploadJson,
  uploadJson,
} from './properties.mapper';
import type { PublishCounts } from './properties.query';
import { PropertiesRepository } from './properties.repository';
import { makeSlug, renamedSlug } from './slug';
import { componentContentErrors } from './component-content';
import { canEditProperty, requireEditor, requirePublisher } from './properties.policy';
import { Clock } from '../../common/clock';

const MAX_COMPONENT_BYTES = 32 * 1024;

export type { PublishCounts };

/** Everyone may see a published, public, unarchived property. */
export function isPubliclyVisible(p: Pick<Property, 'publish' | 'isPrivate' | 'archivedAt'>): boolean {
  return p.publish && !p.isPrivate && !p.archivedAt;
}

/** In market search: publicly visible and placed on the map (what a listing boost can promote). */
export function isOnMarket(
  p: Pick<Property, 'publish' | 'isPrivate' | 'archivedAt' | 'latitude' | 'longitude'>,
): boolean {
  return isPubliclyVisible(p) && p.latitude !== null && p.longitude !== null;
}

/** Properties, their components and photos: the owner's edits, visibility and every JSON shape the API answers with. */
@Injectable()
export class PropertiesService {
  private currencyCache: Currency[] | null = null;

  constructor(
    private readonly repo: PropertiesRepository,
    private readonly users: UsersService,
    private readonly teams: TeamsService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  // ---- lookups & access ----------------------------------------------------

  findBySlug(slug: string): Promise<Property | null> {
    if (!slug || slug.length > 120) return Promise.resolve(null);
    return this.repo.findBySlug(slug);
  }

  findById(id: string): Promise<Property | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.repo.findById(id);
  }

  /** Several properties at once (unknown ids are simply missing from the answer). */
  findByIds(ids: string[]): Promise<Property[]> {
    return this.repo.findByIds([...new Set(ids.filter(isUuid))]);
  }

  /** The user's own listings in market search, newest first (at most `limit`). */
  onMarketOf(userId: string, limit: number): Promise<Property[]> {
    return this.repo.onMarketOf(userId, limit);
  }

  /** Whether the user has authored any property (the demo seed runs once). */
  hasAnyOf(userId: string): Promise<boolean> {
    return this.repo.hasAnyOf(userId);
  }

  /** 404 for unknown slugs and for drafts/private/archived properties of others (other teams included). */
  async getVisible(slug: string, viewer: User | null | undefined): Promise<Property> {
    const property = await this.findBySlug(slug);
    if (!property || !(await this.canView(property, viewer))) {
      throw new NotFoundException('There is no property with that address.');
    }
    return property;
  }

  /** As getVisible, then 403 when the viewer may see it but not change it. */
  async getEditable(slug: string, user: User): Promise<Property> {
    const property = await this.getVisible(slug, user);
    await this.assertEditable(property, user);
    return property;
  }

  async assertEditable(property: Property, user: User | null | undefined): Promise<void> {
    requireEditor(await this.canEdit(property, user));
  }

  /** Published for everyone; otherwise the author, site admins and members of the property's team. */
  async canView(property: Property, viewer: User | null | undefined): Promise<boolean> {
    if (isPubliclyVisible(property) || canEditProperty(property, viewer)) return true;
    return !!viewer && roleAllows(await this.teams.roleIn(viewer.id, property.teamId), 'listings.view');
  }

  /** The author and site admins, or a member of the property's team whose role edits every team listing. */
  async canEdit(property: Property, user: User | null | undefined): Promise<boolean> {
    if (canEditProperty(property, user)) return true;
    return !!user && roleAllows(await this.teams.roleIn(user.id, property.teamId), 'listings.edit_any');
  }

  /** A team property is published by roles that publish (an assistant prepares, an agent or admin publishes). */
  async assertCanPublish(property: Property, user: User): Promise<void> {
    if (user.role === 'admin' || !property.teamId) return;
    requirePublisher(roleAllows(await this.teams.roleIn(user.id, property.teamId), 'listings.publish'));
  }

  // ---- writes ----------------------------------------------------------------

  /** A draft with every component type and its listing, in one transaction; `details` as the first save's fields. */
  async create(user: User, name?: string, details: UpdatePropertyDto = {}): Promise<Property> {
    await this.checkCurrencies(details);
    const draft = await this.createDraft(user, name);
    return Object.values(details).some((v) => v !== undefined) ? this.update(draft, details) : draft;
  }

  private async createDraft(user: User, name?: string): Promise<Property> {
    const finalName = name?.trim() || 'New property';
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.repo.createDraft(user.id, finalName, makeSlug(finalName));
      } catch (error) {
        const unique = (error as { code?: string; constraint?: string }).code === '23505';
        if (!unique || attempt >= 4) throw error;
      }
    }
  }

  async update(property: Property, dto: UpdatePropertyDto): Promise<Property> {
    const given = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)) as UpdatePropertyDto;
    await this.checkCurrencies(given);
    const changes: Partial<Property> = {};
    const map: Array<[keyof UpdatePropertyDto, keyof Property]> = [
      ['name', 'name'],
      ['description', 'description'],
      ['price', 'price'],
      ['currency', 'currency'],
      ['accepted_currencies', 'acceptedCurrencies'],
      ['accepted_cryptocurrencies', 'acceptedCryptocurrencies'],
      ['full_address', 'fullAddress'],
      ['address', 'address'],
      ['address_line_2', 'addressLine2'],
      ['city', 'city'],
      ['state', 'state'],
      ['zip', 'zip'],
      ['country', 'country'],
      ['country_code', 'countryCode'],
      ['latitude', 'latitude'],
      ['longitude', 'longitude'],
      ['time_zone', 'timeZone'],
      ['type', 'type'],
      ['sector', 'sector'],
      ['status', 'status'],
      ['is_private', 'isPrivate'],
    ];
    for (const [from, to] of map) {
      if (from in given) (changes as Record<string, unknown>)[to] = given[from] ?? null;
    }
    // The slug follows the name until the property is first published; from then on links to it must keep working.
    if (changes.name && !property.publishedAt) changes.slug = renamedSlug(property.slug, changes.name);
    if (changes.price !== undefined && changes.price !== null) changes.price = normalizePrice(changes.price);
    if (changes.acceptedCurrencies) changes.acceptedCurrencies = [...new Set(changes.acceptedCurrencies)];
    if (changes.acceptedCryptocurrencies)
      changes.acceptedCryptocurrencies = [...new Set(changes.acceptedCryptocurrencies)];
    // The one-line address follows the parts unless it was sent itself.
    const addressParts = ['address', 'address_line_2', 'city', 'state', 'zip', 'country'] as const;
    if (!('full_address' in given) && addressParts.some((k) => k in given)) {
      const merged = { ...property, ...changes };
      changes.fullAddress = composeAddress(merged);
    }
    if (given.archived !== undefined)
      changes.archivedAt = given.archived ? (property.archivedAt ?? this.clock.now()) : null;
    if (given.publish !== undefined && given.publish !== property.publish) {
      if (given.publish) this.assertPublishable({ ...property, ...changes } as Property);
      changes.publish = given.publish;
      changes.publishedAt = given.publish ? (property.publishedAt ?? this.clock.now()) : property.publishedAt;
    }
    if (Object.keys(changes).length) {
      await this.repo.update(property.id, changes);
      await this.events.publish('property.changed', randomUUID(), { property_id: property.id });
    }
    return (await this.findById(property.id))!;
  }

  /** Publish toggled by a call (then the client reloads the property); publishing needs the required fields. */
  async setPublish(property: Property, publish?: boolean): Promise<Property> {
    const next = publish ?? !property.publish;
    if (next) this.assertPublishable(property);
    await this.repo.update(property.id, {
      publish: next,
      publishedAt: next ? (property.publishedAt ?? this.clock.now()) : property.publishedAt,
      archivedAt: next ? null : property.archivedAt,
    });
    await this.events.publish('property.changed', randomUUID(), { property_id: property.id });
    return (await this.findById(property.id))!;
  }

  assertPublishable(p: Property): void {
    const errors: Record<string, string[]> = {};
    if (!p.name?.trim()) errors.name = ['Give the property a name before publishing.'];
    if (p.price === null || p.price === undefined) errors.price = ['Set a price before publishing.'];
    if (!p.address && !p.city && !p.fullAddress) errors.address = ['Add the address before publishing.'];
    if (p.latitude === null || p.longitude === null || p.latitude === undefined || p.longitude === undefined) {
      errors.latitude = ['Place the property on the map before publishing.'];
    }
    if (Object.keys(errors).length) throw new ValidationFailedException(errors);
  }

  async setAnimations(property: Property, animations: AnimationSetting[]): Promise<AnimationSetting[]> {
    const clean = animations.map((a) =>
      Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined)),
    ) as AnimationSetting[];
    await this.repo.update(property.id, { animations: clean });
    return clean;
  }

  private async checkCurrencies(dto: UpdatePropertyDto): Promise<void> {
    if (dto.currency === undefined && !dto.accepted_currencies && !dto.accepted_cryptocurrencies) return;
    const all = await this.currencies();
    const codes = new Map(all.map((c) => [c.code, c]));
    const errors: Record<string, string[]> = {};
    if (dto.currency !== undefined && !codes.has(dto.currency)) errors.currency = ['Choose a currency from the list.'];
    const badFiat = dto.accepted_currencies?.find((c) => codes.get(c)?.isCrypto !== false);
    if (badFiat) errors.accepted_currencies = [`${badFiat} is not an accepted currency.`];
    const badCrypto = dto.accepted_cryptocurrencies?.find((c) => codes.get(c)?.isCrypto !== true);
    if (badCrypto) errors.accepted_cryptocurrencies = [`${badCrypto} is not an accepted cryptocurrency.`];
    if (Object.keys(errors).length) throw new ValidationFailedException(errors);
  }

  // ---- components --------------------------------------------------------------

  async getComponent(property: Property, type: string): Promise<ComponentJson> {
    const component = await this.repo.componentOfType(property.id, type);
    if (!component) throw new NotFoundException('This property has no component of that type.');
    return componentJson(component, await this.repo.photosOfComponent(component.id));
  }

  /** A component of a property the user may edit (404 when they cannot even see it). */
  async editableComponent(id: string, user: User) {
    const component = await this.repo.componentById(id);
    const property = component ? await this.findById(component.propertyId) : null;
    if (!component || !property || !(await this.canView(property, user))) {
      throw new NotFoundException('There is no such component.');
    }
    await this.assertEditable(property, user);
    return { component, property };
  }

  async updateComponent(id: string, user: User, content: Record<string, unknown>): Promise<ComponentJson> {
    const { component, property } = await this.editableComponent(id, user);
    if (Buffer.byteLength(JSON.stringify(content)) > MAX_COMPONENT_BYTES) {
      throw ValidationFailedException.of('content', 'The content is too large (32 KB at most).');
    }
    const errors = componentContentErrors(component.type, content);
    if (Object.keys(errors).length > 0) throw new ValidationFailedException(errors);
    await this.repo.setComponentContent(id, content);
    await this.repo.touch(property.id);
    return this.getComponent(property, component.type);
  }

  // ---- reads / shapes --------------------------------------------------------------

  async full(property: Property, viewer: User | null | undefined): Promise<PropertyJson> {
    return (await this.withPhotos(property, viewer)).property;
  }

  /** The property's page: the full JSON and its photos, from one statement for components, photos and listing. */
  async withPhotos(
    property: Property,
    viewer: User | null | undefined,
  ): Promise<{ property: PropertyJson; photos: UploadJson[] }> {
    const [{ components, uploads, listingId }, owner] = await Promise.all([
      this.repo.detailsOf(property.id),
      this.users.findById(property.userId),
    ]);
    const json = propertyJson(property, {
      components,
      uploads,
      listingId,
      owner: owner ? toPublicUser(owner) : null,
      canEdit: await this.canEdit(property, viewer),
    });
    return { property: json, photos: uploads.map(uploadJson) };
  }

  async photos(property: Property): Promise<UploadJson[]> {
    return (await this.repo.photosOf(property.id)).map(uploadJson);
  }

  async featuredImage(property: Property): Promise<UploadJson | null> {
    if (!property.featuredUploadId) return null;
    const upload = await this.repo.photoById(property.featuredUploadId);
    return upload ? uploadJson(upload) : null;
  }

  /** Summaries with their featured photos loaded in one query. */
  /** A property's summary when its featured photo was read with it (null: it has none). */
  summaryOf(property: Property, featured: PropertyUpload | null): PropertySummaryJson {
    return summaryJson(property, featured);
  }

  async summaries(properties: Property[]): Promise<PropertySummaryJson[]> {
    const ids = properties.map((p) => p.featuredUploadId).filter((id): id is string => !!id);
    const uploads = await this.repo.photosByIds(ids);
    const byId = new Map(uploads.map((u) => [u.id, u]));
    return properties.map((p) => summaryJson(p, p.featuredUploadId ? byId.get(p.featuredUploadId) : null));
  }

  async currencies(): Promise<Currency[]> {
    this.currencyCache ??= await this.repo.currencies();
    return this.currencyCache;
  }

  async currencyList(): Promise<CurrencyJson[]> {
    return (await this.currencies()).map(currencyJson);
  }

  /** The realtor dashboard: own properties by publish state, trimmed search, sort, page size; counts per state. */
  async dashboard(
    user: User,
    query: DashboardQueryDto,
    path: string,
    teamId?: string,
  ): Promise<{ properties: LinkedPage<PropertySummaryJson>; counts: PublishCounts }> {
    const { page, perPage } = query.window(DEFAULT_PAGE_SIZE);
    // mine: the user's own properties; team: the current team's (teamId given by the caller for scope=team).
    // A team's list without a search reads its per-state counts from the counter the database keeps; counting a
    // big team's rows on every request would cost more than the page itself.
    const counted = !!teamId && !query.search?.trim();
    const scope = teamId ? { teamId } : { userId: user.id };
    const [found, teamCounts] = await Promise.all([
      this.repo.dashboardPage(scope, query, page, perPage, !counted),
      counted ? this.teams.propertyCounts(teamId) : null,
    ]);
    const counts = teamCounts ?? found.counts!;
    const total = counts[query.publish ?? 'all'];
    const summaries = found.rows.map(({ property, featured }) => this.summaryOf(property, featured));
    return { properties: paginate(summaries, total, page, perPage, path, query.linkParams()), counts };
  }
}

/** "450000.5" → "450000.50" (numeric(14,2) text form, no float on the way). */
export function normalizePrice(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return `${BigInt(whole).toString()}.${(fraction + '00').slice(0, 2)}`;
}

export function composeAddress(
  p: Partial<Pick<Property, 'address' | 'addressLine2' | 'city' | 'state' | 'zip' | 'country'>>,
): string | null {
  const cityLine = [p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const parts = [p.address, p.addressLine2, cityLine, p.country].filter((s) => s && String(s).trim());
  return parts.length ? parts.join(', ') : null;
}
