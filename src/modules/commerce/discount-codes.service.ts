import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { Page } from '../../contracts/common';
import type { DiscountCode, DiscountRedemption } from '../../contracts/commerce';
import type { User } from '../users';
import { CATEGORIES } from './categories';
import { toDiscountJson, toRedemptionJson } from './commerce.mapper';
import { normaliseCode } from './discount-rules';
import { DiscountsRepository } from './discounts.repository';
import type { CreateDiscountDto, UpdateDiscountDto } from './dto/discounts.dto';

/**
 * Tells whether a referral code names an affiliate who may be credited now. The affiliates module depends on
 * commerce, so it hands this in at start (`useAffiliateDirectory`) rather than commerce reaching into it.
 */
export type AffiliateDirectory = (referralCode: string) => Promise<{ code: string } | null>;

/** The admin's side of discount codes: create, switch off or end early, list with uses, and the redemptions. */
@Injectable()
export class DiscountCodesService {
  private affiliates: AffiliateDirectory | null = null;

  constructor(
    private readonly repo: DiscountsRepository,
    private readonly clock: Clock,
  ) {}

  useAffiliateDirectory(directory: AffiliateDirectory): void {
    this.affiliates = directory;
  }

  async create(admin: User, dto: CreateDiscountDto): Promise<DiscountCode> {
    const startsAt = dto.starts_at ? new Date(dto.starts_at) : this.clock.now();
    const endsAt = dto.ends_at ? new Date(dto.ends_at) : null;
    if (endsAt && endsAt <= startsAt) throw ValidationFailedException.of('ends_at', 'The end must be after the start.');
    if (dto.product_id && dto.category)
      throw ValidationFailedException.of('category', 'A code is for one product or one category, not both.');
    if (dto.category && !CATEGORIES.some((c) => c.slug === dto.category))
      throw ValidationFailedException.of('category', 'Choose a category of the catalogue.');
    if (dto.product_id && !(await this.repo.productExists(dto.product_id)))
      throw ValidationFailedException.of('product_id', 'There is no such product.');
    const row = await this.repo.insert({
      code: normaliseCode(dto.code),
      description: dto.description?.trim() ?? '',
      kind: dto.kind,
      percentOff: dto.kind === 'percent' ? dto.percent_off! : null,
      amountOffMinor: dto.kind === 'fixed' ? dto.amount_off_minor! : null,
      currency: dto.kind === 'fixed' ? (dto.currency ?? 'USD') : null,
      productId: dto.product_id ?? null,
      category: dto.category ?? null,
      startsAt,
      endsAt,
      maxUses: dto.max_uses ?? null,
      maxUsesPerCustomer: dto.max_uses_per_customer ?? 1,
      affiliateCode: dto.affiliate_code ? await this.approvedAffiliate(dto.affiliate_code) : null,
      createdBy: admin.id,
    });
    if (!row) throw ValidationFailedException.of('code', `${normaliseCode(dto.code)} exists already.`);
    return toDiscountJson(row, this.clock.now());
  }

  /** Switches a code off or on, or moves its end (a code's terms never change once people may have used it). */
  async update(id: string, dto: UpdateDiscountDto): Promise<DiscountCode> {
    const code = await this.repo.find(id);
    if (!code) throw new NotFoundException('There is no such discount code.');
    const endsAt = dto.ends_at === undefined ? undefined : dto.ends_at === null ? null : new Date(dto.ends_at);
    if (endsAt && endsAt <= new Date(code.starts_at))
      throw ValidationFailedException.of('ends_at', 'The end must be after the start.');
    await this.repo.update(id, {
      ...(dto.active !== undefined ? { active: dto.active } : {}),
      ...(endsAt !== undefined ? { ends_at: endsAt } : {}),
    });
    return toDiscountJson((await this.repo.find(id))!, this.clock.now());
  }

  async page(page: number, perPage: number, affiliateCode?: string): Promise<Page<DiscountCode>> {
    const { rows, total } = await this.repo.list((page - 1) * perPage, perPage, affiliateCode);
    const now = this.clock.now();
    return pageOf(
      rows.map((r) => toDiscountJson(r, now)),
      page,
      perPage,
      total,
    );
  }

  async redemptions(page: number, perPage: number): Promise<Page<DiscountRedemption>> {
    const { rows, total } = await this.repo.redemptions((page - 1) * perPage, perPage);
    return pageOf(rows.map(toRedemptionJson), page, perPage, total);
  }

  private async approvedAffiliate(referralCode: string): Promise<string> {
    const found = this.affiliates ? await this.affiliates(referralCode) : null;
    if (!found) throw ValidationFailedException.of('affiliate_code', 'No approved affiliate has that referral code.');
    return found.code;
  }
}
