import { Injectable } from '@nestjs/common';
import type { FarmAreaJson } from '../../../contracts/crm-marketing';
import { MarketSearchService, type MarketSearchDto } from '../../market';
import { PropertiesService } from '../../properties';
import { CrmCampaignsRepository } from './campaigns.repository';
import { CrmRepository } from '../crm.repository';
import type { CrmCampaign } from '../entities/campaign.entity';
import { areaContains, areaSearch } from './farm-area';

/** Homes listed on the map inside a farm; the first ones are pinned. */
const HOMES_SHOWN = 50;
/** The book's newest lead-property pairs tested against the area (a farm's book, not a city's). */
const LEADS_TESTED = 5000;
const CONTACTS_SHOWN = 20;

/**
 * What a farm's drawn area holds: the published homes inside it (the market search, the same rule as the market
 * map) and the book's contacts whose inquiries were about a home inside it.
 */
@Injectable()
export class CrmFarmAreaService {
  constructor(
    private readonly repo: CrmCampaignsRepository,
    private readonly crm: CrmRepository,
    private readonly market: MarketSearchService,
    private readonly properties: PropertiesService,
  ) {}

  async inArea(campaign: CrmCampaign): Promise<FarmAreaJson | null> {
    const area = campaign.area;
    if (!area) return null;
    const answer = await this.market.search({ ...areaSearch(area), per_page: HOMES_SHOWN } as MarketSearchDto);
    const inside = areaContains(area);
    const pairs = await this.repo.leadProperties(campaign.teamId, LEADS_TESTED);
    const homes = await this.properties.findByIds([...new Set(pairs.map((p) => p.propertyId))]);
    const homesInside = new Set(
      homes
        .filter((h) => h.latitude !== null && h.longitude !== null && inside(h.latitude, h.longitude))
        .map((h) => h.id),
    );
    const contactIds = [...new Set(pairs.filter((p) => homesInside.has(p.propertyId)).map((p) => p.contactId))];
    const names = new Map(
      (await this.crm.contactNames(contactIds.slice(0, CONTACTS_SHOWN))).map((c) => [c.id, c.name]),
    );
    return {
      homes: {
        total: answer.results.total,
        items: answer.results.data
          .filter((r) => r.latitude !== null && r.longitude !== null)
          .map((r) => ({ id: r.id, slug: r.slug, name: r.name, lat: r.latitude!, lng: r.longitude! })),
      },
      contacts: {
        total: contactIds.length,
        items: contactIds.slice(0, CONTACTS_SHOWN).map((id) => ({ id, name: names.get(id) ?? '' })),
      },
    };
  }
}
