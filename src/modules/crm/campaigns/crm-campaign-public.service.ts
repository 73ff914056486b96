import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../common/clock';
import { ValidationFailedException } from '../../../common/validation';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { allKeys, deriveSecret } from '../../../config/app-key';
import type {
  CreditsRedemptionProps,
  PublicCampaignJson,
  PublicFormProps,
  QrRedemptionProps,
  RedeemedJson,
  SubmissionSuccessProps,
  SuccessPageProps,
} from '../../../contracts/crm-marketing';
import { CreditsService } from '../../credits';
import { BackoffLimiterService, RateLimiterService, type BackoffScope } from '../../security';
import { TeamsService } from '../../teams';
import type { User } from '../../users';
import { CrmIntakeService } from '../leads/crm-intake.service';
import {
  CAMPAIGN_CONSENT_VERSION,
  CAMPAIGN_FORMS_PER_CAMPAIGN_PER_MINUTE,
  CAMPAIGN_FORMS_PER_IP_PER_HOUR,
  CODE_FAILURES_PER_CODE,
  CODE_FAILURES_PER_IP,
  CONSENT_TEXTS,
  FORM_TOKEN_WINDOW,
} from '../crm.constants';
import { CrmCampaignsRepository } from './campaigns.repository';
import { toPublicCampaignJson } from './campaigns.mapper';
import { formatCode, normaliseCode } from './codes';
import { bookSecret, signIntake, verifyIntake } from '../leads/intake-signature';
import type { CampaignSubmissionDto } from '../dto/campaigns.dto';
import type { CrmCampaign, CrmCampaignCode } from '../entities/campaign.entity';
import { requireRedeemer } from '../crm.policy';

const consent = () => ({ version: CAMPAIGN_CONSENT_VERSION, text: CONSENT_TEXTS[CAMPAIGN_CONSENT_VERSION] });

/**
 * What the public does with a campaign: its form, a QR code's form, a credits code. Forms are rate-limited per
 * address and per campaign with a honeypot and a consent version; codes are unguessable, looked up under back-off
 * per address and per code, and redeem exactly once (the redemption row is keyed by the code and written in the
 * same transaction as the lead and any credits). Every submission becomes a lead through the one intake.
 */
@Injectable()
export class CrmCampaignPublicService {
  constructor(
    private readonly repo: CrmCampaignsRepository,
    private readonly intake: CrmIntakeService,
    private readonly credits: CreditsService,
    private readonly teams: TeamsService,
    private readonly limiter: RateLimiterService,
    private readonly backoff: BackoffLimiterService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The form with its anti-forgery token: signed with the slug and the time, so it works framed on other sites. */
  async form(slug: string): Promise<PublicFormProps> {
    const campaign = await this.bySlug(slug);
    const token = signIntake(this.formSecret(this.config.appKey), Math.floor(this.clock.nowMs() / 1000), slug);
    return { campaign: await this.publicJson(campaign), consent: consent(), form_token: token };
  }

  async thanks(slug: string): Promise<SubmissionSuccessProps> {
    return { campaign: await this.publicJson(await this.bySlug(slug)) };
  }

  /**
   * The campaign's public form, sessionless (it may be framed on another site): the signed form token stands in
   * for the session's anti-forgery token. A filled honeypot, a forged token or a form sent faster than a person
   * types is dropped without a word; answers where to go next.
   */
  async submit(slug: string, dto: CampaignSubmissionDto, ip: string): Promise<{ redirect: string }> {
    const campaign = await this.bySlug(slug);
    await this.limiter.hit(`crm-campaign:ip:${ip}`, CAMPAIGN_FORMS_PER_IP_PER_HOUR, 3600);
    await this.limiter.hit(`crm-campaign:${campaign.id}`, CAMPAIGN_FORMS_PER_CAMPAIGN_PER_MINUTE, 60);
    const redirect = `/c/${campaign.slug}/thanks`;
    const secrets = allKeys(this.config).map((key) => this.formSecret(key));
    const check = verifyIntake(dto.form_token, campaign.slug, secrets, this.clock.nowMs(), FORM_TOKEN_WINDOW);
    if (check === 'stale') throw ValidationFailedException.of('form_token', 'The form expired. Reload the page.');
    if (dto.website || check !== 'ok') return { redirect };
    this.assertConsent(dto.consent_version);
    await this.intake.intake({
      ...this.person(dto),
      teamId: campaign.teamId,
      campaignId: campaign.id,
      source: 'campaign',
      sourceRef: `form:${randomUUID()}`,
      message: dto.message || `Signed up through "${campaign.name}"`,
      tags: ['farm'],
    });
    return { redirect };
  }

  /** The page a QR code opens. Unknown codes count as failures (the page must not be a free guessing oracle). */
  async qrPage(input: string, ip: string): Promise<QrRedemptionProps> {
    const { code, campaign } = await this.lookUp(input, 'qr', ip);
    return {
      code: formatCode(code.code),
      state: await this.stateOf(code),
      campaign: await this.publicJson(campaign),
      consent: consent(),
    };
  }

  /** A QR code's form: the person becomes a lead of the campaign and the code is spent, together or not at all. */
  async redeemQr(input: string, dto: CampaignSubmissionDto, ip: string): Promise<{ redirect: string }> {
    const { code, campaign, scopes } = await this.lookUp(input, 'qr', ip);
    const redirect = `/c/${campaign.slug}/thanks`;
    if (dto.website) return { redirect };
    this.assertConsent(dto.consent_version);
    await this.assertRedeemable(code, scopes);
    await this.intake.intake(
      {
        ...this.person(dto),
        teamId: campaign.teamId,
        campaignId: campaign.id,
        source: 'qr',
        sourceRef: `code:${code.id}`,
        message: dto.message || `Scanned ${code.label ? `"${code.label}"` : 'a QR code'} of "${campaign.name}"`,
        tags: ['farm'],
      },
      async (m, lead, created) => {
        const once = created && (await this.repo.insertRedemption(m, this.redemption(code, null, lead.id)));
        if (!once) throw new ConflictException('This code has already been used.');
      },
    );
    return { redirect };
  }

  creditsPage(input: string | undefined): CreditsRedemptionProps {
    const code = input ? normaliseCode(input) : null;
    return { code: code ? formatCode(code) : '' };
  }

  /** A credits code: the credits, the redemption and the person's lead commit in one transaction, once. */
  async redeemCredits(user: User, input: string, ip: string): Promise<RedeemedJson> {
    const { code, campaign, scopes } = await this.lookUp(input, 'credits', ip);
    await this.assertRedeemable(code, scopes);
    await this.intake.intake(
      {
        teamId: campaign.teamId,
        campaignId: campaign.id,
        source: 'credits',
        sourceRef: `code:${code.id}`,
        name: user.name,
        email: user.email,
        userId: user.id,
        message: `Redeemed ${code.credits} image credits from "${campaign.name}"`,
        tags: ['farm'],
      },
      async (m, lead, created) => {
        // Under the code's lock, the expiry re-checked: its credits are either redeemed or returned, never both.
        await this.repo.lockCode(m, code.id);
        if (code.expiresAt <= this.clock.now()) throw ValidationFailedException.of('code', 'This code has expired.');
        const once = created && (await this.repo.insertRedemption(m, this.redemption(code, user.id, lead.id)));
        if (!once) throw new ConflictException('This code has already been used.');
        await this.credits.grant(user.id, code.credits, `Code from "${campaign.name}"`, m);
      },
    );
    return {
      credits: code.credits,
      balance: await this.credits.balance(user.id),
      redirect: `/redeem/${code.code}/success`,
    };
  }

  /** After a credits code: only the person who redeemed it sees this. */
  async success(user: User, input: string): Promise<SuccessPageProps> {
    const normal = normaliseCode(input);
    const code = normal ? await this.repo.findCode(normal) : null;
    const redemption = code ? await this.repo.redemptionOf(code.id) : null;
    if (!code || !redemption) throw new NotFoundException('There is no such redemption.');
    requireRedeemer(user, redemption.userId);
    const campaign = (await this.repo.findCampaign(code.campaignId))!;
    return {
      credits: code.credits,
      balance: await this.credits.balance(user.id),
      campaign: await this.publicJson(campaign),
    };
  }

  /** Finds a code of a kind under back-off: a locked address or code is refused; an unknown code is a failure. */
  private async lookUp(input: string, kind: CrmCampaignCode['kind'], ip: string) {
    const normal = normaliseCode(input);
    const scopes: BackoffScope[] = [
      { key: `crm-code:ip:${ip}`, free: CODE_FAILURES_PER_IP },
      ...(normal ? [{ key: `crm-code:${normal}`, free: CODE_FAILURES_PER_CODE }] : []),
    ];
    await this.backoff.assertAllowed(scopes);
    const code = normal ? await this.repo.findCode(normal) : null;
    if (!code || code.kind !== kind) {
      await this.backoff.fail(scopes);
      throw new NotFoundException('That code is not valid. Check it and try again.');
    }
    return { code, campaign: (await this.repo.findCampaign(code.campaignId))!, scopes };
  }

  private async assertRedeemable(code: CrmCampaignCode, scopes: BackoffScope[]): Promise<void> {
    const state = await this.stateOf(code);
    if (state === 'valid') return;
    await this.backoff.fail(scopes);
    if (state === 'expired') throw ValidationFailedException.of('code', 'This code has expired.');
    throw new ConflictException('This code has already been used.');
  }

  private async stateOf(code: CrmCampaignCode): Promise<QrRedemptionProps['state']> {
    if (await this.repo.redeemedAt(code.id)) return 'redeemed';
    return code.expiresAt <= this.clock.now() ? 'expired' : 'valid';
  }

  private redemption(code: CrmCampaignCode, userId: string | null, leadId: string) {
    return { codeId: code.id, campaignId: code.campaignId, userId, leadId, at: this.clock.now() };
  }

  /** The CRM's intake secret narrowed to campaign forms (a different derivation from any book's secret). */
  private formSecret(appKey: string): string {
    return bookSecret(deriveSecret(appKey, 'crm-intake'), 'campaign-forms');
  }

  private person(dto: CampaignSubmissionDto) {
    return { name: dto.name, email: dto.email, phone: dto.phone, consentVersion: dto.consent_version };
  }

  private assertConsent(version: string): void {
    if (version !== CAMPAIGN_CONSENT_VERSION) {
      throw ValidationFailedException.of('consent_version', 'Please agree to the current consent text.');
    }
  }

  private async bySlug(slug: string): Promise<CrmCampaign> {
    const campaign = /^[0-9a-z]{6,24}$/.test(slug) ? await this.repo.findBySlug(slug) : null;
    if (!campaign) throw new NotFoundException('There is no such campaign.');
    return campaign;
  }

  private async publicJson(campaign: CrmCampaign): Promise<PublicCampaignJson> {
    const team = await this.teams.findTeam(campaign.teamId);
    return toPublicCampaignJson(campaign, team?.name ?? '');
  }
}
