import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { toString as qrToString } from 'qrcode';
import { Clock, DAY_MS } from '../../common/clock';
import { DomainEvents } from '../events';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AFFILIATES_CONFIG, type AffiliatesConfig } from '../../config/affiliates.config';
import type { AffiliateLinkJson, ReferralJson } from '../../contracts/affiliates';
import type { Page } from '../../contracts/common';
import type { UserRegisteredEvent } from '../../contracts/events';
import { pageOf } from '../../common/pagination';
import { emailKey, winningClick } from './affiliate-rules';
import { toLinkJson } from './affiliates.mapper';
import { AffiliatesRepository } from './affiliates.repository';
import type { AffiliateRow } from './affiliates.types';
import { ProgrammeService } from './programme.service';
import { requireGuidelinesAccepted } from './affiliates.policy';

export { ATTRIBUTION_COOKIE } from '../../common/attribution';

export interface AttributionCandidate {
  affiliate: AffiliateRow;
  clicked_at: Date;
  click_id: string | null;
  source: 'link' | 'code';
}

/** Links, clicks and who referred whom (last click inside the window wins; self-referral never credits). */
@Injectable()
export class AttributionService {
  constructor(
    private readonly repo: AffiliatesRepository,
    private readonly programme: ProgrammeService,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    @Inject(AFFILIATES_CONFIG) private readonly config: AffiliatesConfig,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  async createLink(affiliate: AffiliateRow, destination: string, campaign: string | null): Promise<AffiliateLinkJson> {
    requireGuidelinesAccepted((await this.programme.toJson(affiliate)).guidelines_current);
    const row = await this.repo.insertLink(affiliate.id, randomBytes(6).toString('base64url'), destination, campaign);
    return this.linkJson(row);
  }

  async links(affiliate: AffiliateRow, page: number, perPage: number): Promise<Page<AffiliateLinkJson>> {
    const { rows, total } = await this.repo.listLinks(affiliate.id, (page - 1) * perPage, perPage);
    return pageOf(
      await Promise.all(rows.map((row: Parameters<typeof toLinkJson>[0]) => this.linkJson(row))),
      page,
      perPage,
      total,
    );
  }

  /**
   * A visit to `/r/<token>`: records the click and answers where to send the visitor, with the click token for the
   * cookie. Links of an affiliate who is not approved, or who has not accepted the current guidelines, still
   * redirect (visitors are not punished) but record nothing; so does a click with `record` false (past the per-IP
   * limit).
   */
  async click(
    token: string,
    ip: string | null,
    record = true,
  ): Promise<{ destination: string; clickToken: string | null; code: string | null }> {
    const link = await this.repo.findLinkByToken(token);
    if (!link) return { destination: '/', clickToken: null, code: null };
    if (!record) return { destination: link.destination, clickToken: null, code: null };
    const affiliate = await this.repo.findAffiliate('id', link.affiliate_id);
    if (!affiliate || affiliate.status !== 'approved' || !(await this.programme.toJson(affiliate)).guidelines_current)
      return { destination: link.destination, clickToken: null, code: null };
    const clickToken = randomBytes(16).toString('base64url');
    const ipHash = ip ? createHash('sha256').update(`${this.app.appKey}:${ip}`).digest('hex') : null;
    await this.repo.recordClick(affiliate.id, link.id, clickToken, ipHash, this.clock.now());
    return { destination: link.destination, clickToken, code: affiliate.code };
  }

  /**
   * Who may be credited for a sale or a sign-up at `at`: the click behind the cookie, the `ref` code the browser
   * kept, and the referral bound at registration. Candidates outside the window are dropped; the latest wins.
   */
  async resolve(input: { clickToken?: string | null; code?: string | null; userId?: string | null }, at: Date) {
    const candidates: AttributionCandidate[] = [];
    const click = input.clickToken ? await this.repo.findClick(input.clickToken) : null;
    if (click) {
      const affiliate = await this.repo.findAffiliate('id', click.affiliate_id);
      if (affiliate)
        candidates.push({ affiliate, clicked_at: new Date(click.created_at), click_id: click.id, source: 'link' });
    }
    const byCode = !click && input.code ? await this.repo.findAffiliate('code', input.code) : null;
    if (byCode) candidates.push({ affiliate: byCode, clicked_at: at, click_id: null, source: 'code' });
    const bound = input.userId ? await this.repo.findReferral(input.userId) : null;
    if (bound) {
      const affiliate = await this.repo.findAffiliate('id', bound.affiliate_id);
      if (affiliate)
        candidates.push({ affiliate, clicked_at: new Date(bound.clicked_at), click_id: null, source: 'link' });
    }
    const winner = winningClick(candidates, at, this.config.attributionDays);
    return winner && winner.affiliate.status === 'approved' ? winner : null;
  }

  /** True (and flagged for review, never auto-banned) when the buyer or new user is the affiliate themself. */
  async isSelfReferral(affiliate: AffiliateRow, buyer: { user_id: string | null; email: string }): Promise<boolean> {
    const same = affiliate.user_id === buyer.user_id || affiliate.email_key === emailKey(buyer.email);
    if (same)
      await this.repo.insertFlag(
        affiliate.id,
        'self_referral',
        `Own referral refused for ${buyer.email} (same person as the affiliate).`,
      );
    return same;
  }

  /** Binds a new account to the affiliate whose click (cookie) or code brought them, once, for the window. */
  async bindRegistration(event: UserRegisteredEvent): Promise<void> {
    const at = new Date(event.registered_at);
    const winner = await this.resolve(
      { clickToken: event.attribution?.click ?? null, code: event.attribution?.code ?? null },
      at,
    );
    if (!winner || (await this.isSelfReferral(winner.affiliate, { user_id: event.user_id, email: event.email })))
      return;
    const bound = await this.repo.insertReferral(
      winner.affiliate.id,
      event.user_id,
      winner.click_id,
      winner.source,
      winner.clicked_at,
    );
    // Other areas reward referrals (sweepstakes bonus entries) without knowing the programme's tables.
    if (bound)
      await this.events.publish('affiliate.referred', `affiliate.referred|${event.user_id}`, {
        affiliate_user_id: winner.affiliate.user_id,
        referred_user_id: event.user_id,
        bound_at: this.clock.now().toISOString(),
      });
  }

  async referrals(affiliate: AffiliateRow, page: number, perPage: number): Promise<Page<ReferralJson>> {
    const { rows, total } = await this.repo.listReferrals(affiliate.id, (page - 1) * perPage, perPage);
    const data = rows.map((r: { user_name: string; source: 'link' | 'code'; bound_at: Date }) => ({
      user_name: r.user_name.split(' ')[0] ?? r.user_name,
      source: r.source,
      bound_at: new Date(r.bound_at).toISOString(),
    }));
    return pageOf(data, page, perPage, total);
  }

  clicksByDay(affiliate: AffiliateRow, days = 30) {
    return this.repo.clicksByDay(affiliate.id, new Date(this.clock.nowMs() - days * DAY_MS));
  }

  cookieMaxAgeMs(): number {
    return this.config.attributionDays * DAY_MS;
  }

  private async linkJson(row: Parameters<typeof toLinkJson>[0]): Promise<AffiliateLinkJson> {
    const url = `${this.app.appUrl}/r/${row.token}`;
    const svg = await qrToString(url, { type: 'svg', margin: 1, width: 160 });
    return toLinkJson(row, this.app.appUrl, `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
  }
}
