import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { mortgageDefaultsFor } from '../../config/buyer.config';
import type { PropertyHistoryEntry, PropertyInsights } from '../../contracts/market';
import { PropertiesService, type Property } from '../properties';
import { SavedSearchesService } from '../saved-searches';
import type { User } from '../users';
import { PropertyInsightsRepository } from './property-insights.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "In demand": at least this many different people opened the page in the last 7 days. */
export const IN_DEMAND_VIEWS = 20;

/** Days since the property was last listed (the newest "listed" change, else its first publication). */
export function daysOnMarket(
  history: PropertyHistoryEntry[],
  publishedAt: Date | null,
  visible: boolean,
  now: Date,
): number | null {
  if (!visible) return null;
  const listed = history.find((h) => h.kind === 'listed');
  const since = listed ? new Date(listed.at) : publishedAt;
  return since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS)) : null;
}

/** The property page's history, days on market, views this week and calculator defaults. */
@Injectable()
export class PropertyInsightsService {
  constructor(
    private readonly repo: PropertyInsightsRepository,
    private readonly properties: PropertiesService,
    private readonly savedSearches: SavedSearchesService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 404 for an unknown id and for a property the viewer may not see (as the property page answers). */
  private async visible(id: string, viewer: User | undefined): Promise<Property> {
    const p = await this.properties.findById(id);
    if (!p || !(await this.properties.canView(p, viewer))) throw new NotFoundException('Property not found.');
    return p;
  }

  async insights(id: string, viewer: User | undefined): Promise<PropertyInsights> {
    const p = await this.visible(id, viewer);
    const now = this.clock.now();
    const history = await this.savedSearches.history(p.id);
    const views = await this.repo.viewsSince(p.id, weekStart(now));
    return {
      history,
      days_on_market: daysOnMarket(history, p.publishedAt, p.publish && !p.isPrivate && !p.archivedAt, now),
      views_this_week: views,
      in_demand: views >= IN_DEMAND_VIEWS,
      mortgage: mortgageDefaultsFor(this.config.buyer, p.countryCode, p.state),
    };
  }

  /** Counts the viewer once a day (a signed-in user by id, a guest by session); the owner's own visits are not counted. */
  async recordView(id: string, viewer: User | undefined, sessionId: string): Promise<{ views_this_week: number }> {
    const p = await this.visible(id, viewer);
    const now = this.clock.now();
    if (viewer?.id !== p.userId) {
      const key = viewer ? `u:${viewer.id}` : `s:${createHash('sha256').update(sessionId).digest('hex').slice(0, 40)}`;
      await this.repo.recordView(p.id, now.toISOString().slice(0, 10), key);
    }
    return { views_this_week: await this.repo.viewsSince(p.id, weekStart(now)) };
  }
}

/** The first day of the last 7 (today included), as a date. */
function weekStart(now: Date): string {
  return new Date(now.getTime() - 6 * DAY_MS).toISOString().slice(0, 10);
}
