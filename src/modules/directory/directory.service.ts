import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type {
  Industry,
  Offering,
  OfferingPage,
  ServiceProviderDetail,
  ServiceProviderPage,
} from '../../contracts/directory';
import type { User } from '../users';
import { type DirectoryFilters, DirectoryRepository, type OfferingRow, type ProviderRow } from './directory.repository';
import {
  toIndustryJson,
  toOfferingJson,
  toOfferingListJson,
  toProviderDetailJson,
  toProviderJson,
} from './directory.mapper';
import type { DirectoryQueryDto, OfferingDto, ProviderProfileDto, UpdateOfferingDto } from './dto/directory.dto';

/** A provider lists at most this many offerings. */
export const MAX_OFFERINGS = 50;

/**
 * The service-provider directory: industries, providers (one profile per user, claimed by saving it; an admin
 * verifies the licence, and changing the licence number drops the badge), offerings with a price or "on request".
 */
@Injectable()
export class DirectoryService {
  constructor(
    private readonly repo: DirectoryRepository,
    private readonly clock: Clock,
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
    const id = await this.repo.saveProvider(user.id, {
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

  /** Admins mark a provider's licence as checked (or take the badge back). */
  async verify(id: string, verified: boolean): Promise<ServiceProviderDetail> {
    const row = await this.repo.provider(id);
    if (!row) throw new NotFoundException('There is no service provider with that id.');
    if (verified && !row.licence_number)
      throw ValidationFailedException.of('verified', 'This provider has not given a licence number.');
    await this.repo.setVerified(id, verified ? this.clock.now() : null);
    return this.detail((await this.repo.provider(id))!, undefined, true);
  }

  async addOffering(user: User, dto: OfferingDto): Promise<Offering> {
    const provider = await this.repo.providerOf(user.id);
    if (!provider) throw new ForbiddenException('Set up your provider profile first.');
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

  private async ownOffering(user: User, id: string): Promise<OfferingRow> {
    const offering = await this.repo.offering(id);
    if (!offering) throw new NotFoundException('There is no offering with that id.');
    const provider = await this.repo.provider(offering.provider_id);
    if (provider?.user_id !== user.id) throw new ForbiddenException('Only the provider can change this offering.');
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
    return { q: q.q, city: q.city, industryId: q.industry ? await this.industryId(q.industry) : undefined };
  }

  private async industryId(slug: string): Promise<number> {
    const industry = await this.repo.industry(slug);
    if (!industry) throw ValidationFailedException.of('industry', 'Choose an industry from the list.');
    return industry.id;
  }
}
