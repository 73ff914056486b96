import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AuditHook } from '../../common/audit-hook';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type {
  Industry,
  Offering,
  OfferingPage,
  ProviderAwaitingPage,
  ServiceProviderDetail,
  ServiceProviderPage,
} from '../../contracts/directory';
import { GEOCODER, type Geocoder } from '../market';
import { StorageService } from '../storage';
import type { User } from '../users';
import { type DirectoryFilters, DirectoryRepository, type OfferingRow, type ProviderRow } from './directory.repository';
import {
  MILE_KM,
  toAwaitingJson,
  toIndustryJson,
  toOfferingJson,
  toOfferingListJson,
  toProviderDetailJson,
  toProviderJson,
} from './directory.mapper';
import type { DirectoryQueryDto, OfferingDto, ProviderProfileDto, UpdateOfferingDto } from './dto/directory.dto';
import { requireOfferingOwner, requireProvider } from './directory.policy';

/** A provider lists at most this many offerings. */
export const MAX_OFFERINGS = 50;
/** A licence document: a PDF, JPEG or PNG (checked from its bytes) of at most 10 MB. */
export const LICENCE_MAX_BYTES = 10 * 1024 * 1024;
const LICENCE_RULES = {
  field: 'document',
  kinds: ['document' as const, 'image' as const],
  maxBytes: LICENCE_MAX_BYTES,
  mimes: ['application/pdf', 'image/jpeg', 'image/png'],
};

/**
 * The service-provider directory: industries, providers (one profile per user, claimed by saving it; an admin
 * verifies the licence, and changing the licence number drops the badge), offerings with a price or "on request".
 */
@Injectable()
export class DirectoryService {
  constructor(
    private readonly repo: DirectoryRepository,
    private readonly clock: Clock,
    private readonly storage: StorageService,
    @Inject(GEOCODER) private readonly geocoder: Geocoder,
  ) {}

  async industries(): Promise<Industry[]> {
    return (await this.repo.industries()).map(toIndustryJson);
  }

  async providers(q: DirectoryQueryDto): Promise<ServiceProviderPage> {
    const { page, perPage, offset } = q.window(24);
    const [rows, total] = await this.repo.providers(await this.filters(q), offset, perPage);
    return pageOf(rows.map(toProviderJson), page, perPage, total);
  }

  async offerings(q: DirectoryQueryDto): Promise<OfferingPage> {
    const { page, perPage, offset } = q.window(24);
    const [rows, total] = await this.repo.offerings(await this.filters(q), offset, perPage);
    return pageOf(rows.map(toOfferingListJson), page, perPage, total);
  }

  async provider(id: string, viewer: User | undefined): Promise<ServiceProviderDetail> {
    const row = await this.repo.provider(id);
    if (!row) throw new NotFoundException('There is no service provider with that id.');
    return this.detail(row, viewer);
  }

  /** The caller's own profile, or null before they claim one. */
  async mine(user: User): Promise<ServiceProviderDetail | null> {
    const row = await this.repo.providerOf(user.id);
    return row ? this.detail(row, user) : null;
  }

  async saveProfile(user: User, dto: ProviderProfileDto): Promise<ServiceProviderDetail> {
    const industry = await this.industryId(dto.industry);
    const point = await this.locate(dto.city);
    const id = await this.repo.saveProvider(user.id, {
      latitude: point?.lat ?? null,
      longitude: point?.lng ?? null,
      industry_id: industry,
      name: dto.name.trim(),
      headline: dto.headline?.trim() ?? '',
      bio: dto.bio?.trim() ?? '',
      city: dto.city?.trim() ?? '',
      website: dto.website?.trim() || null,
      licence_number: dto.licence_number?.trim() || null,
    });
    return this.provider(id, user);
  }

  /**
   * Admins mark a provider's licence as checked (or take the badge back); the audit hook writes its row in the
   * same transaction as the change.
   */
  async verify(id: string, verified: boolean, audit?: AuditHook): Promise<ServiceProviderDetail> {
    const row = await this.repo.provider(id);
    if (!row) throw new NotFoundException('There is no service provider with that id.');
    if (verified && !row.licence_number)
      throw ValidationFailedException.of('verified', 'This provider has not given a licence number.');
    const at = verified ? (row.verified_at ?? this.clock.now()) : null;
    await this.repo.transaction(async (tx) => {
      await tx.setVerified(id, at);
      await audit?.(tx.manager, {
        id,
        before: { name: row.name, verified_at: row.verified_at },
        after: { name: row.name, verified_at: at },
      });
    });
    return this.detail((await this.repo.provider(id))!, undefined, true);
  }

  /** Providers with a licence document waiting for an admin, oldest upload first. */
  async awaiting(page: number, perPage: number): Promise<ProviderAwaitingPage> {
    const [rows, total] = await this.repo.awaiting((page - 1) * perPage, perPage);
    return pageOf(rows.map(toAwaitingJson), page, perPage, total);
  }

  /** The provider uploads their licence (type from the bytes, size capped); a new document drops the badge. */
  async uploadLicence(user: User, bytes: Buffer | undefined): Promise<ServiceProviderDetail> {
    const provider = await this.repo.providerOf(user.id);
    requireProvider(provider);
    if (!bytes?.length)
      throw ValidationFailedException.of('document', 'Choose your licence document (PDF, JPEG or PNG).');
    const stored = await this.storage.storeUpload(`licences/${provider.id}`, bytes, LICENCE_RULES);
    await this.repo.setLicenceDocument(provider.id, stored.key, stored.contentType, this.clock.now());
    if (provider.licence_document_key) await this.storage.delete(provider.licence_document_key).catch(() => undefined);
    return this.provider(provider.id, user);
  }

  /** The media rule for licences/<providerId>/...: the provider and admins. */
  async mayReadLicence(key: string, user: User | null | undefined): Promise<boolean> {
    if (!user) return false;
    if (user.role === 'admin') return true;
    const provider = await this.repo.providerOf(user.id);
    return !!provider && key.startsWith(`licences/${provider.id}/`);
  }

  async addOffering(user: User, dto: OfferingDto): Promise<Offering> {
    const provider = await this.repo.providerOf(user.id);
    requireProvider(provider);
    if (provider.offerings_count >= MAX_OFFERINGS)
      throw ValidationFailedException.of('title', `A provider lists at most ${MAX_OFFERINGS} offerings.`);
    const row = await this.repo.addOffering(provider.id, {
      title: dto.title.trim(),
      description: dto.description?.trim() ?? '',
      price_minor: dto.price_minor ?? null,
      currency: dto.currency ?? 'USD',
    });
    return toOfferingJson(row);
  }

  async updateOffering(user: User, id: string, dto: UpdateOfferingDto): Promise<Offering> {
    await this.ownOffering(user, id);
    const row = await this.repo.updateOffering(id, {
      title: dto.title?.trim(),
      description: dto.description?.trim(),
      price_minor: dto.price_minor,
      currency: dto.currency,
    });
    return toOfferingJson(row);
  }

  async removeOffering(user: User, id: string): Promise<void> {
    await this.repo.removeOffering(await this.ownOffering(user, id));
  }

  /** The offering, for its provider only. */
  async ownOffering(user: User, id: string): Promise<OfferingRow> {
    const offering = await this.repo.offering(id);
    if (!offering) throw new NotFoundException('There is no offering with that id.');
    const provider = await this.repo.provider(offering.provider_id);
    requireOfferingOwner(user, provider?.user_id);
    return offering;
  }

  private async detail(row: ProviderRow, viewer: User | undefined, admin = false): Promise<ServiceProviderDetail> {
    const mine = viewer?.id === row.user_id;
    return toProviderDetailJson(
      row,
      await this.repo.offeringsOf(row.id),
      mine || admin || viewer?.role === 'admin',
      mine,
    );
  }

  private async filters(q: DirectoryQueryDto): Promise<DirectoryFilters> {
    return {
      q: q.q,
      city: q.near ? undefined : q.city,
      industryId: q.industry ? await this.industryId(q.industry) : undefined,
      near: await this.near(q),
    };
  }

  /** The distance filter: a point given, or the place `near` names; `within_km` alone needs one of them. */
  private async near(q: DirectoryQueryDto): Promise<DirectoryFilters['near']> {
    const hasPoint = q.near_lat !== undefined || q.near_lng !== undefined;
    if (!hasPoint && !q.near) return undefined;
    if (hasPoint && (q.near_lat === undefined || q.near_lng === undefined))
      throw ValidationFailedException.of('near_lat', 'Give both a latitude and a longitude.');
    const miles = (q.within_km ?? 25) / MILE_KM;
    if (hasPoint) return { lat: q.near_lat!, lng: q.near_lng!, miles };
    const place = await this.locate(q.near);
    if (!place) throw ValidationFailedException.of('near', 'We could not find that place.');
    return { ...place, miles };
  }

  /**
   * Gives a map point to providers that have a city but none (saved before points existed, or while the geocoder
   * was down), geocoding each city once per run, `batch` providers at a time until none is left. Idempotent: only
   * missing points are written, and a provider that moved city meanwhile is left for its own save.
   */
  async backfillMapPoints(batch = 200): Promise<{ checked: number; located: number }> {
    const found = new Map<string, { lat: number; lng: number } | null>();
    let checked = 0;
    let located = 0;
    for (let after: string | null = null; ;) {
      const rows = await this.repo.providersWithoutPoint(after, batch);
      for (const row of rows) {
        const key = row.city.trim().toLowerCase();
        if (!found.has(key)) found.set(key, await this.locate(row.city));
        const point = found.get(key);
        if (point && (await this.repo.setPointIfMissing(row.id, row.city, point.lat, point.lng))) located++;
      }
      checked += rows.length;
      if (rows.length < batch) return { checked, located };
      after = rows[rows.length - 1].id;
    }
  }

  /** Whether any provider with a city still lacks a map point (the boot check before queueing the backfill). */
  async missingMapPoints(): Promise<boolean> {
    return (await this.repo.providersWithoutPoint(null, 1)).length > 0;
  }

  private async locate(text: string | undefined): Promise<{ lat: number; lng: number } | null> {
    if (!text?.trim()) return null;
    const [place] = await this.geocoder.search(text.trim(), 1).catch(() => []);
    return place ? { lat: place.lat, lng: place.lng } : null;
  }

  private async industryId(slug: string): Promise<number> {
    const industry = await this.repo.industry(slug);
    if (!industry) throw ValidationFailedException.of('industry', 'Choose an industry from the list.');
    return industry.id;
  }
}
