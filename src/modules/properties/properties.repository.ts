import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Not, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
// Creating a property opens its listing row in the same transaction, so this one entity is read from its file:
// the listings barrel leads back here (listings reads properties) and would make a require cycle.
// eslint-disable-next-line reelty/module-boundaries
import { Listing } from '../listings/listing.entity';
import type { DashboardQueryDto } from './dto/property.dto';
import { COMPONENT_TYPES } from './property.constants';
import { Currency, Property, PropertyComponent, PropertyUpload } from './property.entity';
import { countsOfRow, dashboardStatement, type PublishCounts } from './properties.query';
import { hydrate, hydrateJson, jsonObjectFields, preparedQuery, selectList } from '../../database/raw-rows';
import { Clock } from '../../common/clock';

/** Whose properties a dashboard lists: one user's own, or one team's. */
export type PropertyOwnerScope = { userId: string } | { teamId: string };

const PHOTO_ORDER = { position: 'ASC', createdAt: 'ASC' } as const;

/** The properties area's tables (properties, property_components, property_uploads, currencies): no rules here. */
@Injectable()
export class PropertiesRepository {
  constructor(
    @InjectRepository(Property) private readonly properties: Repository<Property>,
    @InjectRepository(PropertyComponent) private readonly components: Repository<PropertyComponent>,
    @InjectRepository(PropertyUpload) private readonly uploads: Repository<PropertyUpload>,
    @InjectRepository(Currency) private readonly currencyRows: Repository<Currency>,
    @InjectRepository(Listing) private readonly listings: Repository<Listing>,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  private detailsSql: string | null = null;
  private dashboardSelect: string | null = null;

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  // ---- properties ------------------------------------------------------------

  findBySlug(slug: string): Promise<Property | null> {
    return this.properties.findOneBy({ slug });
  }

  findById(id: string): Promise<Property | null> {
    return this.properties.findOneBy({ id });
  }

  findByIds(ids: string[]): Promise<Property[]> {
    return ids.length ? this.properties.findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  onMarketOf(userId: string, limit: number): Promise<Property[]> {
    return this.properties.find({
      where: {
        userId,
        publish: true,
        isPrivate: false,
        archivedAt: IsNull(),
        latitude: Not(IsNull()),
        longitude: Not(IsNull()),
      },
      order: { publishedAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }

  hasAnyOf(userId: string): Promise<boolean> {
    return this.properties.existsBy({ userId });
  }

  /** The property, one empty component of every type and its listing row, in one transaction. */
  createDraft(userId: string, name: string, slug: string): Promise<Property> {
    return this.transaction(async (tx) => {
      const repo = tx.getRepository(Property);
      const property = await repo.save(repo.create({ userId, name, slug }));
      await tx
        .getRepository(PropertyComponent)
        .insert(COMPONENT_TYPES.map((type, position) => ({ propertyId: property.id, type, position, content: {} })));
      await tx.getRepository(Listing).insert({ propertyId: property.id, userId });
      return property;
    });
  }

  async update(id: string, changes: Partial<Property>): Promise<void> {
    await this.properties.update({ id }, changes as QueryDeepPartialEntity<Property>);
  }

  async touch(id: string): Promise<void> {
    await this.properties.update({ id }, { updatedAt: this.clock.now() });
  }

  /** The id of the property's listing (null before it has one). */
  async listingIdOf(propertyId: string): Promise<string | null> {
    const listing = await this.listings.findOne({ where: { propertyId }, select: { id: true } });
    return listing?.id ?? null;
  }

  /**
   * One page of a dashboard (search, publish filter, sort), each property with its featured photo, and, when asked,
   * the per-state counts of the search: one named prepared statement (`dashboardStatement`), backed by
   * properties_user_created_idx / properties_user_price_idx (team: properties_team_*).
   */
  async dashboardPage(
    scope: PropertyOwnerScope,
    query: DashboardQueryDto,
    page: number,
    perPage: number,
    withCounts: boolean,
  ): Promise<{ rows: Array<{ property: Property; featured: PropertyUpload | null }>; counts: PublishCounts | null }> {
    const meta = this.properties.metadata;
    const uploadMeta = this.uploads.metadata;
    this.dashboardSelect ??= `${selectList(meta, 'p', 'p_')}, ${selectList(uploadMeta, 'fu', 'fu_')}`;
    const byTeam = 'teamId' in scope;
    const statement = dashboardStatement(
      {
        owner: byTeam ? 'team' : 'user',
        search: query.search,
        publish: query.publish,
        sort: query.sort,
        counts: withCounts,
      },
      {
        prefix: 'properties_dash',
        select: this.dashboardSelect,
        pageFrom: 'properties p LEFT JOIN property_uploads fu ON fu.id = p.featured_upload_id',
        countFrom: 'properties p',
      },
      byTeam ? scope.teamId : scope.userId,
      page,
      perPage,
    );
    const raw = await preparedQuery<Record<string, unknown>>(
      this.dataSource,
      statement.name,
      statement.text,
      statement.values,
    );
    return {
      counts: countsOfRow(raw[0]),
      rows: raw
        .filter((r) => r.p_id !== null)
        .map((r) => ({
          property: hydrate<Property>(meta, r, 'p_'),
          featured: r.fu_id === null ? null : hydrate<PropertyUpload>(uploadMeta, r, 'fu_'),
        })),
    };
  }

  // ---- components --------------------------------------------------------------

  /**
   * What a property's page shows besides the property row, in one statement (JSON built in SQL): its components in
   * order, its photos in display order and its listing's id (indexes on property_id of each table).
   */
  async detailsOf(
    propertyId: string,
  ): Promise<{ components: PropertyComponent[]; uploads: PropertyUpload[]; listingId: string | null }> {
    const componentMeta = this.components.metadata;
    const uploadMeta = this.uploads.metadata;
    this.detailsSql ??= `
      SELECT (SELECT l.id FROM listings l WHERE l.property_id = $1 LIMIT 1) AS listing_id,
             COALESCE((SELECT json_agg(json_build_object(${jsonObjectFields(componentMeta, 'c')}) ORDER BY c.position)
                       FROM property_components c WHERE c.property_id = $1), '[]'::json) AS components,
             COALESCE((SELECT json_agg(json_build_object(${jsonObjectFields(uploadMeta, 'u')})
                                       ORDER BY u.position, u.created_at)
                       FROM property_uploads u WHERE u.property_id = $1), '[]'::json) AS uploads`;
    const [row] = await preparedQuery<{
      listing_id: string | null;
      components: Array<Record<string, unknown>>;
      uploads: Array<Record<string, unknown>>;
    }>(this.dataSource, 'property_details', this.detailsSql, [propertyId]);
    return {
      listingId: row.listing_id,
      components: row.components.map((c) => hydrateJson<PropertyComponent>(componentMeta, c)),
      uploads: row.uploads.map((u) => hydrateJson<PropertyUpload>(uploadMeta, u)),
    };
  }

  componentsOf(propertyId: string): Promise<PropertyComponent[]> {
    return this.components.find({ where: { propertyId }, order: { position: 'ASC' } });
  }

  componentOfType(propertyId: string, type: string): Promise<PropertyComponent | null> {
    return this.components.findOneBy({ propertyId, type });
  }

  componentById(id: string, propertyId?: string): Promise<PropertyComponent | null> {
    return this.components.findOneBy(propertyId ? { id, propertyId } : { id });
  }

  async setComponentContent(id: string, content: Record<string, unknown>): Promise<void> {
    await this.components.update({ id }, { content: content as QueryDeepPartialEntity<Record<string, unknown>> });
  }

  // ---- photos ------------------------------------------------------------------

  photosOf(propertyId: string): Promise<PropertyUpload[]> {
    return this.uploads.find({ where: { propertyId }, order: PHOTO_ORDER });
  }

  /** The property's first photo in display order (the next featured one). */
  firstPhotoOf(propertyId: string): Promise<PropertyUpload | null> {
    return this.uploads.findOne({ where: { propertyId }, order: PHOTO_ORDER });
  }

  photosOfComponent(componentId: string): Promise<PropertyUpload[]> {
    return this.uploads.find({ where: { componentId }, order: { position: 'ASC' } });
  }

  photoById(id: string): Promise<PropertyUpload | null> {
    return this.uploads.findOneBy({ id });
  }

  photosByIds(ids: string[]): Promise<PropertyUpload[]> {
    return ids.length ? this.uploads.findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  countPhotos(propertyId: string): Promise<number> {
    return this.uploads.countBy({ propertyId });
  }

  insertPhoto(data: Partial<PropertyUpload>): Promise<PropertyUpload> {
    return this.uploads.save(this.uploads.create(data));
  }

  async deletePhoto(id: string): Promise<void> {
    await this.uploads.delete({ id });
  }

  // ---- currencies ----------------------------------------------------------------

  currencies(): Promise<Currency[]> {
    return this.currencyRows.find({ order: { position: 'ASC' } });
  }
}
