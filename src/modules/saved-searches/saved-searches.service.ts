import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { assertOwned } from '../../common/ownership.policy';
import { ValidationFailedException } from '../../common/validation';
import type { PropertyHistoryEntry, SavedSearch as SavedSearchJson, SavedSearchParams } from '../../contracts/market';
import { DEFAULT_RADIUS_MILES, ringCenter, searchRing } from '../market';
import type { User } from '../users';
import { searchBox } from './criteria';
import { CreateSavedSearchDto, UpdateSavedSearchDto } from './dto/saved-searches.dto';
import { SavedSearchAlertsService } from './saved-search-alerts.service';
import { toHistoryJson, toSavedSearchJson } from './saved-searches.mapper';
import { type EmailChoice, SavedSearchesRepository } from './saved-searches.repository';

export const MAX_SAVED_SEARCHES = 50;

/** A signed-in viewer's saved market searches (at most 50, so the list is bounded) and their alert emails. */
@Injectable()
export class SavedSearchesService {
  constructor(
    private readonly repo: SavedSearchesRepository,
    private readonly alerts: SavedSearchAlertsService,
    private readonly clock: Clock,
  ) {}

  async list(user: User): Promise<SavedSearchJson[]> {
    return (await this.repo.list(user.id, MAX_SAVED_SEARCHES)).map(toSavedSearchJson);
  }

  async create(user: User, dto: CreateSavedSearchDto): Promise<SavedSearchJson> {
    if ((await this.repo.count(user.id)) >= MAX_SAVED_SEARCHES) {
      throw ValidationFailedException.of(
        'name',
        `You can keep at most ${MAX_SAVED_SEARCHES} saved searches; delete one first.`,
      );
    }
    const p = dto.params;
    const ring = searchRing(p);
    if (!ring && (p.lat === undefined || p.lng === undefined))
      throw ValidationFailedException.of('params.lat', 'Save a search with a centre (latitude and longitude).');
    if (p.min_price && p.max_price && Number(p.min_price) > Number(p.max_price))
      throw ValidationFailedException.of('params.max_price', 'The maximum price must be at least the minimum price.');
    const center =
      ring && (p.lat === undefined || p.lng === undefined) ? ringCenter(ring) : { lat: p.lat!, lng: p.lng! };
    const params = Object.fromEntries(
      Object.entries({
        q: p.q,
        lat: center.lat,
        lng: center.lng,
        radius: p.radius ?? DEFAULT_RADIUS_MILES,
        polygon: p.polygon,
        bounds: p.polygon ? undefined : p.bounds,
        min_price: p.min_price,
        max_price: p.max_price,
        type: p.type,
        sector: p.sector,
        status: p.status,
        beds: p.beds,
        baths: p.baths,
        has_video: p.has_video || undefined,
        open_house: p.open_house || undefined,
        tz: p.open_house ? (p.tz ?? user.timezone) : undefined,
        sort: p.sort,
      }).filter(([, v]) => v !== undefined && v !== null && v !== ''),
    ) as unknown as SavedSearchParams;
    return toSavedSearchJson(await this.repo.insert(user.id, dto.name, params, searchBox(params)));
  }

  /** The saved search, for its owner only. */
  async findOwned(user: User, id: string) {
    return assertOwned(await this.repo.find(id), user.id, 'saved search');
  }

  async update(user: User, id: string, dto: UpdateSavedSearchDto): Promise<SavedSearchJson> {
    await this.findOwned(user, id);
    await this.repo.update(id, dto);
    return toSavedSearchJson((await this.repo.find(id))!);
  }

  async delete(user: User, id: string): Promise<void> {
    await this.findOwned(user, id);
    await this.repo.delete(id);
  }

  /** A property's change log, newest first (the property page shows it). */
  async history(propertyId: string, limit = 50): Promise<PropertyHistoryEntry[]> {
    return (await this.repo.history(propertyId, limit)).map(toHistoryJson);
  }

  async settings(user: User): Promise<{ email: EmailChoice }> {
    return { email: await this.repo.emailChoice(user.id) };
  }

  async setSettings(user: User, email: EmailChoice): Promise<{ email: EmailChoice }> {
    await this.repo.setEmailChoice(user.id, email, this.clock.now());
    return { email };
  }

  /** The user a one-click unsubscribe link names; 404 for a link we did not sign. */
  unsubscribeUser(token: string): string {
    const userId = this.alerts.userOfToken(token);
    if (!userId) throw new NotFoundException('This unsubscribe link is not valid.');
    return userId;
  }

  /** Stops every saved-search email for the user the link names (POST only: mail scanners follow GET links). */
  async unsubscribe(token: string): Promise<void> {
    await this.repo.setEmailChoice(this.unsubscribeUser(token), 'off', this.clock.now());
  }
}
