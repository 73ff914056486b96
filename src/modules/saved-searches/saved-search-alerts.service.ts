import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { allKeys } from '../../config/app-key';
import { userLinkToken, userOfLinkToken } from '../../common/user-link-token';
import { MailService, unsubscribeHeaders } from '../mail';
import { MarketSearchService, nextLocalHour } from '../market';
import { NotificationsService } from '../notifications';
import { TimersService } from '../jobs';
import { UsersService } from '../users';
import { alertKind, matchesSearch } from './criteria';
import { alertEmail, alertTitle } from './saved-searches.mapper';
import { type HitRow, type NewHit, SavedSearchesRepository } from './saved-searches.repository';

export const DIGEST_TIMER = 'saved-searches.digest';
/** The daily digest goes out at this hour on the reader's own clock (their time zone setting). */
export const DIGEST_HOUR = 8;
/** Keeps these links apart from other signed user links (the message the token signs). */
const UNSUBSCRIBE_PURPOSE = 'saved-search-unsubscribe';

/** The next digest time strictly after `now`: 08:00 where the user lives. */
export function nextDigestAt(now: Date, timeZone = 'UTC'): Date {
  return nextLocalHour(now, DIGEST_HOUR, timeZone);
}

/**
 * Saved searches that alert. A property change (the `property.changed` event; the history row itself is written
 * by a database trigger) is matched against the searches whose indexed criteria admit it, the hits are stored
 * (one per search and change), each user gets ONE live notification for the change and, per their choice, one
 * email now or one daily digest covering every hit since the last email.
 */
@Injectable()
export class SavedSearchAlertsService {
  private readonly logger = new Logger('SavedSearchAlerts');

  constructor(
    private readonly repo: SavedSearchesRepository,
    private readonly market: MarketSearchService,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly timers: TimersService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Matches the property's unalerted changes; a repeated event finds nothing left to do. */
  async onPropertyChanged(propertyId: string): Promise<void> {
    const now = this.clock.now();
    await this.repo.transaction(async (m) => {
      const changes = await this.repo.claimHistory(m, propertyId, now);
      if (!changes.some((c) => alertKind(c))) return;
      const facts = await this.market.listingFacts(propertyId);
      if (!facts?.visible) return;
      const hits: NewHit[] = [];
      for (const change of changes) {
        const kind = alertKind(change);
        if (!kind) continue;
        const candidates = await this.repo.candidates(facts, m);
        for (const s of candidates.filter((c) => matchesSearch(c.params, facts, now))) {
          hits.push({
            savedSearchId: s.id,
            userId: s.user_id,
            historyId: change.id,
            propertyId,
            kind,
            data: {
              property_name: facts.name,
              slug: facts.slug,
              city: facts.city,
              price: facts.price,
              currency: facts.currency,
              old_price: kind === 'price_drop' ? change.old_price : undefined,
              status: kind === 'status' ? (change.new_status ?? undefined) : undefined,
            },
          });
        }
      }
      await this.repo.insertHits(m, hits);
    });
    await this.push(propertyId);
  }

  /** One bell notification per user and change, then the user's email (now, or the digest timer). */
  private async push(propertyId: string): Promise<void> {
    const hits = await this.repo.takeUnnotified(propertyId, this.clock.now());
    for (const mine of groupBy(hits, (h) => `${h.user_id}|${h.history_id}`).values()) {
      const first = mine[0];
      await this.notifications.notify(first.user_id, {
        kind: 'saved_search_match',
        title: alertTitle(first, mine.length),
        body: mine.map((h) => h.search_name).join(', '),
        url: `/properties/${first.data.slug}`,
        data: { property_id: first.property_id, saved_search_ids: mine.map((h) => h.saved_search_id) },
      });
    }
    for (const userId of new Set(hits.map((h) => h.user_id))) await this.scheduleEmail(userId);
  }

  private async scheduleEmail(userId: string): Promise<void> {
    const choice = await this.repo.emailChoice(userId);
    if (choice === 'instant') await this.sendPending(userId);
    else if (choice === 'daily') {
      const zone = (await this.users.findById(userId))?.timezone ?? 'UTC';
      const at = nextDigestAt(this.clock.now(), zone);
      await this.timers.at(at, DIGEST_TIMER, { userId }, `${userId}:${at.toISOString().slice(0, 13)}`);
    }
  }

  /**
   * The digest timer and instant emails: ONE email with every hit not yet emailed, however many searches they
   * come from. Re-checked when it fires: a user who turned emails off since gets none (the hits are marked).
   */
  async sendPending(userId: string): Promise<number> {
    const choice = await this.repo.emailChoice(userId);
    const hits = await this.repo.takeUnemailed(userId, this.clock.now());
    if (!hits.length || choice === 'off') return 0;
    const user = await this.users.findById(userId);
    if (!user) return 0;
    const token = this.unsubscribeToken(userId);
    const mail = alertEmail(user.name, hits, {
      appName: this.config.appName,
      appUrl: this.config.appUrl,
      unsubscribeUrl: `${this.config.appUrl}/saved-searches/unsubscribe/${token}`,
    });
    // The header address takes the one-click POST (no session); the link in the body shows a confirmation first.
    const headers = unsubscribeHeaders(`${this.config.appUrl}/unsubscribe/saved-searches/${token}`);
    await this.mail.send({ to: user.email, ...mail, headers });
    this.logger.debug(`alert email to ${userId}: ${hits.length} hit(s)`);
    return hits.length;
  }

  /** A link token naming the user, signed with a key derived from the app key (no table to leak or expire). */
  unsubscribeToken(userId: string): string {
    return userLinkToken(UNSUBSCRIBE_PURPOSE, userId, this.config.appKey);
  }

  /** The user a token names, or null when it is not one we signed (current or previous app key). */
  userOfToken(token: string): string | null {
    return userOfLinkToken(UNSUBSCRIBE_PURPOSE, token, allKeys(this.config));
  }
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}

export type { HitRow };
