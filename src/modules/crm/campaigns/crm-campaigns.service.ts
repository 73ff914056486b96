import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { toString as qrToString } from 'qrcode';
import { Clock, DAY_MS } from '../../../common/clock';
import { pageOf, type Page } from '../../../common/pagination';
import { ValidationFailedException } from '../../../common/validation';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { mapSettings } from '../../../config/market.config';
import type {
  CampaignCodeJson,
  CampaignJson,
  CampaignOpenHouseJson,
  FarmProps,
  GiftJson,
  LeadsAnalyticsProps,
} from '../../../contracts/crm-marketing';
import { CreditsService } from '../../credits';
import { OpenHousesService } from '../../open-houses';
import { UsersService, type User } from '../../users';
import { CrmAccessService, type Book } from '../crm-access.service';
import { CrmCodeExpiryService } from './crm-code-expiry.service';
import { CrmFarmAreaService } from './crm-farm-area.service';
import { CrmLeadsService } from '../leads/crm-leads.service';
import { CrmRepository } from '../crm.repository';
import { CrmCampaignsRepository } from './campaigns.repository';
import { toCampaignJson, toCodeJson, toGiftJson } from './campaigns.mapper';
import { newCode, newSlug } from './codes';
import { checkArea } from './farm-area';
import type { CampaignDto, CampaignUpdateDto, CodesDto, FarmQueryDto, GiftDto } from '../dto/campaigns.dto';
import type { CrmCampaign } from '../entities/campaign.entity';
import type { CrmCaller } from '../current-book';

/** Farm campaigns for the book's managers: the campaign, its area, public form, codes, open houses and gifts. */
@Injectable()
export class CrmCampaignsService {
  constructor(
    private readonly repo: CrmCampaignsRepository,
    private readonly crm: CrmRepository,
    private readonly access: CrmAccessService,
    private readonly leads: CrmLeadsService,
    private readonly credits: CreditsService,
    private readonly openHouses: OpenHousesService,
    private readonly users: UsersService,
    private readonly farmArea: CrmFarmAreaService,
    private readonly expiry: CrmCodeExpiryService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async farm(caller: CrmCaller, q: FarmQueryDto): Promise<FarmProps> {
    const book = caller.book;
    const { page, perPage, offset } = q.window(20);
    const [rows, total] = await this.repo.listCampaigns(book.teamId, offset, perPage);
    const campaigns = pageOf(await this.toJson(rows), page, perPage, total);
    const chosen = q.campaign ? await this.campaignIn(book, q.campaign) : (rows[0] ?? null);
    return {
      book: { id: book.teamId, name: book.teamName },
      can_manage: book.manager,
      campaigns,
      selected: chosen ? await this.detail(caller.user, chosen) : null,
      tab: q.tab ?? 'campaigns',
      map: (({ tileUrl, attribution }) => ({ tile_url: tileUrl, attribution }))(mapSettings(this.config.market)),
    };
  }

  async create(caller: CrmCaller, dto: CampaignDto): Promise<CampaignJson> {
    const book = this.access.assertManager(caller.book);
    const saved = await this.repo.insertCampaign({
      teamId: book.teamId,
      name: dto.name,
      headline: dto.headline ?? '',
      slug: newSlug(),
      area: dto.area ? checkArea(dto.area) : null,
      openHouseIds: [],
      createdBy: caller.user.id,
      createdAt: this.clock.now(),
    });
    return (await this.toJson([saved]))[0];
  }

  /** Name, headline, area and the linked open houses (each one the manager may edit). */
  async update(user: User, id: string, dto: CampaignUpdateDto): Promise<CampaignJson> {
    await this.managed(user, id);
    const values: Partial<CrmCampaign> = {};
    if (dto.name !== undefined) values.name = dto.name;
    if (dto.headline !== undefined) values.headline = dto.headline;
    if (dto.area !== undefined) values.area = dto.area ? checkArea(dto.area) : null;
    if (dto.open_house_ids) {
      for (const houseId of dto.open_house_ids) await this.openHouses.getEditable(houseId, user);
      values.openHouseIds = [...new Set(dto.open_house_ids)];
    }
    if (Object.keys(values).length) await this.repo.updateCampaign(id, values);
    return (await this.toJson([(await this.repo.findCampaign(id))!]))[0];
  }

  /**
   * A batch of single-use codes. Credits codes are paid for now by their maker (count × credits, in the same
   * transaction as the codes), so a code never mints credits out of nothing; what is unredeemed at expiry goes back.
   */
  async makeCodes(user: User, id: string, dto: CodesDto): Promise<{ codes: CampaignCodeJson[] }> {
    const campaign = await this.managed(user, id);
    const credits = dto.kind === 'credits' ? dto.credits : 0;
    if (dto.kind === 'credits' && !credits) throw ValidationFailedException.of('credits', 'Say how many credits.');
    const now = this.clock.now();
    const rows = Array.from({ length: dto.count }, () => ({
      campaignId: campaign.id,
      teamId: campaign.teamId,
      code: newCode(),
      kind: dto.kind,
      credits: credits ?? 0,
      label: dto.label ?? '',
      fundedBy: credits ? user.id : null,
      expiresAt: new Date(now.getTime() + dto.expires_in_days * DAY_MS),
      createdAt: now,
    }));
    await this.repo.transaction(async (tx) => {
      if (credits) {
        await this.credits.spend(user.id, credits * dto.count, `Credits codes for "${campaign.name}"`, tx.manager);
      }
      await tx.insertCodes(rows);
    });
    if (credits) await this.expiry.schedule(campaign.id, rows[0].expiresAt);
    return { codes: (await this.codes(user, id, 1, dto.count)).data };
  }

  async codes(user: User, id: string, page: number, perPage: number): Promise<Page<CampaignCodeJson>> {
    const campaign = await this.visible(user, id);
    const [rows, counts] = await Promise.all([
      this.repo.codes(campaign.id, (page - 1) * perPage, perPage),
      this.repo.counts([campaign.id]),
    ]);
    const now = this.clock.now();
    const json = await Promise.all(
      rows.map(async (c) => {
        const url = this.codeUrl(c.kind, c.code);
        const svg = await qrToString(url, { type: 'svg', margin: 1, width: 160 });
        return toCodeJson(c, url, `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, now);
      }),
    );
    return pageOf(json, page, perPage, counts.get(campaign.id)!.codes);
  }

  /** A gift sent to a contact the user may see, optionally for one of the book's campaigns. */
  async addGift(user: User, dto: GiftDto): Promise<GiftJson> {
    const { contact } = await this.access.contact(user, dto.contact_id);
    if (dto.campaign_id) {
      const campaign = await this.repo.findCampaign(dto.campaign_id);
      if (!campaign || campaign.teamId !== contact.teamId) {
        throw ValidationFailedException.of('campaign_id', 'Choose a campaign of the same book.');
      }
    }
    const now = this.clock.now();
    const gift = await this.crm.transaction(async (tx) => {
      const saved = await this.repo.insertGift(tx.manager, {
        teamId: contact.teamId,
        campaignId: dto.campaign_id ?? null,
        contactId: contact.id,
        description: dto.description,
        costMinor: dto.cost_minor,
        currency: dto.currency ?? 'USD',
        sentAt: dto.sent_at ? new Date(dto.sent_at) : now,
        createdBy: user.id,
        createdAt: now,
      });
      await tx.addActivity({
        teamId: contact.teamId,
        contactId: contact.id,
        kind: 'gift',
        source: null,
        body: dto.description,
        data: { gift_id: saved.id, cost_minor: saved.costMinor, currency: saved.currency },
        actorId: user.id,
        createdAt: now,
      });
      return saved;
    });
    return toGiftJson(gift, contact.name);
  }

  /** Leads/Analytics: funnel by source, time to first contact per agent, conversion by campaign (last N days). */
  async analytics(caller: CrmCaller, sinceDays: number): Promise<LeadsAnalyticsProps> {
    const book = caller.book;
    const since = new Date(this.clock.nowMs() - sinceDays * DAY_MS);
    const data = await this.repo.analytics(book.teamId, since, book.manager ? null : caller.user.id);
    const names = new Map((await this.users.findByIds(data.agents.map((a) => a.id))).map((u) => [u.id, u.name]));
    return {
      book: { id: book.teamId, name: book.teamName },
      scope: book.manager ? 'book' : 'mine',
      since_days: sinceDays,
      funnel: data.funnel,
      agents: data.agents.map((a) => ({
        ...a,
        name: names.get(a.id) ?? 'Former member',
        median_minutes: a.median_minutes === null ? null : Math.round(Number(a.median_minutes)),
      })),
      campaigns: data.campaigns,
    };
  }

  codeUrl(kind: 'qr' | 'credits', code: string): string {
    return kind === 'qr' ? `${this.config.appUrl}/q/${code}` : `${this.config.appUrl}/redeem?code=${code}`;
  }

  private async detail(user: User, campaign: CrmCampaign): Promise<NonNullable<FarmProps['selected']>> {
    const [json, codes, submissions, houses, gifts, inArea] = await Promise.all([
      this.toJson([campaign]),
      this.codes(user, campaign.id, 1, 50),
      this.repo.campaignLeads(campaign.id, 20),
      this.openHousesOf(user, campaign),
      this.repo.gifts(campaign.id, 50),
      this.farmArea.inArea(campaign),
    ]);
    const names = new Map(
      (await this.crm.contactNames([...new Set(gifts.map((g) => g.contactId))])).map((c) => [c.id, c.name]),
    );
    return {
      campaign: json[0],
      codes: codes.data,
      submissions: await this.leads.toJson(submissions),
      open_houses: houses,
      gifts: gifts.map((g) => toGiftJson(g, names.get(g.contactId) ?? '')),
      in_area: inArea,
    };
  }

  private async openHousesOf(user: User, campaign: CrmCampaign): Promise<CampaignOpenHouseJson[]> {
    const counts = await this.repo.openHouseRegistrations(campaign.id);
    const out: CampaignOpenHouseJson[] = [];
    for (const id of campaign.openHouseIds) {
      const found = await this.openHouses.getVisible(id, user).catch(() => null);
      if (!found) continue;
      const title = found.property.fullAddress ?? found.property.name;
      out.push({ id, title, starts_at: found.house.startsAt.toISOString(), registrations: counts.get(id) ?? 0 });
    }
    return out;
  }

  private async toJson(rows: CrmCampaign[]): Promise<CampaignJson[]> {
    const counts = await this.repo.counts(rows.map((r) => r.id));
    return rows.map((r) => toCampaignJson(r, this.config.appUrl, counts.get(r.id)));
  }

  private async campaignIn(book: Book, id: string): Promise<CrmCampaign> {
    const campaign = await this.repo.findCampaign(id);
    if (!campaign || campaign.teamId !== book.teamId) throw new NotFoundException('There is no such campaign.');
    return campaign;
  }

  /** A campaign of one of the user's books (404 unknown, 403 another book's). */
  private async visible(user: User, id: string): Promise<CrmCampaign> {
    const campaign = await this.repo.findCampaign(id);
    if (!campaign) throw new NotFoundException('There is no such campaign.');
    await this.access.bookOf(user, campaign.teamId);
    return campaign;
  }

  /** A campaign of a book the user manages (owner or admin). */
  async managed(user: User, id: string): Promise<CrmCampaign> {
    const campaign = await this.visible(user, id);
    this.access.assertManager(await this.access.bookOf(user, campaign.teamId));
    return campaign;
  }
}
