import { ConflictException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../../../common/clock';
import { pageOf } from '../../../common/pagination';
import { ValidationFailedException } from '../../../common/validation';
import { isRefusal, refusalJson } from '../../../common/http-exception.filter';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { allKeys, deriveSecret } from '../../../config/app-key';
import type {
  CrmSettingsJson,
  IntakeBatchItem,
  IntakeBatchResult,
  IntakeResult,
  LeadJson,
  MyLeadsProps,
  RoutingPageProps,
  RoutingRuleJson,
} from '../../../contracts/crm';
import { isPubliclyVisible, PropertiesService, type Property } from '../../properties';
import { RateLimiterService } from '../../security';
import { TeamsService } from '../../teams';
import { UsersService, type User } from '../../users';
import { CrmAccessService } from '../crm-access.service';
import { CrmIntakeService, type LeadSubmission } from './crm-intake.service';
import {
  CONSENT_TEXTS,
  INQUIRIES_PER_EMAIL_PER_HOUR,
  INQUIRIES_PER_IP_PER_HOUR,
  INTAKE_PER_BOOK_PER_MINUTE,
} from '../crm.constants';
import { toLeadJson, toRuleJson } from '../crm.mapper';
import { CrmCampaignsRepository } from '../campaigns/campaigns.repository';
import { CrmRepository } from '../crm.repository';
import type { ExternalLeadBatchDto, ExternalLeadDto, InquiryDto, RoutingRulesDto, SettingsDto } from '../dto/crm.dto';
import type { CrmLead } from '../entities/crm.entity';
import { bookSecret, verifyIntake } from './intake-signature';
import { leadActivity } from './lead-activity';
import type { CrmCaller } from '../current-book';
import { requireNotOwnListing } from '../crm.policy';

/** Leads: the agent's queue, marking contact, routing rules, and the public and signed ways leads come in. */
@Injectable()
export class CrmLeadsService {
  constructor(
    private readonly repo: CrmRepository,
    private readonly campaigns: CrmCampaignsRepository,
    private readonly access: CrmAccessService,
    private readonly intake: CrmIntakeService,
    private readonly properties: PropertiesService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly limiter: RateLimiterService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async myLeads(caller: CrmCaller, page: number, perPage: number, offset: number): Promise<MyLeadsProps> {
    const user = caller.user;
    this.access.assertCrmUser(user);
    const [rows, total] = await this.repo.leadsOf(user.id, offset, perPage);
    const claimable = await this.repo.claimableFor(user.id, 50);
    const json = await this.toJson([...rows, ...claimable]);
    return {
      me: user.id,
      leads: pageOf(json.slice(0, rows.length), page, perPage, total),
      claimable: json.slice(rows.length),
    };
  }

  /** The agent reached the person: the lead stops the speed-to-lead clock and a new contact becomes `contacted`. */
  async markContacted(user: User, leadId: string): Promise<LeadJson> {
    const { lead } = await this.access.lead(user, leadId);
    if (lead.status === 'claimable') throw new ConflictException('Claim this lead before working it.');
    const now = this.clock.now();
    await this.repo.transaction(async (tx) => {
      await tx.markContacted(lead.contactId, now);
      const contact = (await tx.findContact(lead.contactId, true))!;
      if (contact.stage === 'new') await tx.updateContact(contact.id, { stage: 'contacted', updatedAt: now });
      await tx.addActivity(
        leadActivity(lead, { kind: 'stage', body: `Contacted by ${user.name}`, actorId: user.id, createdAt: now }),
      );
    });
    return (await this.toJson([(await this.repo.findLead(lead.id))!]))[0];
  }

  async rules(caller: CrmCaller): Promise<RoutingRuleJson[]> {
    const book = this.access.assertManager(caller.book);
    return (await this.repo.rules(book.teamId)).map(toRuleJson);
  }

  /** The routing screen: the rules and the team's members (owners and admins only). */
  async routingPage(caller: CrmCaller): Promise<RoutingPageProps> {
    const book = this.access.assertManager(caller.book);
    const { rows } = await this.teams.members(caller.user, book.teamId, 0, 100);
    return { rules: await this.rules(caller), agents: rows.map((m) => ({ id: m.user_id, name: m.name })) };
  }

  /** Replaces the book's ordered rules; every agent a rule names must be in the team. */
  async saveRules(caller: CrmCaller, dto: RoutingRulesDto): Promise<RoutingRuleJson[]> {
    const book = this.access.assertManager(caller.book);
    for (const [i, rule] of dto.rules.entries()) {
      for (const id of rule.agent_ids) {
        if (!(await this.teams.roleIn(id, book.teamId))) {
          throw ValidationFailedException.of(`rules.${i}.agent_ids`, 'Every agent must be a member of the team.');
        }
      }
      if (rule.target === 'agent' && rule.agent_ids.length !== 1) {
        throw ValidationFailedException.of(`rules.${i}.agent_ids`, 'A rule for one agent names exactly one agent.');
      }
    }
    await this.repo.transaction((tx) =>
      tx.replaceRules(
        book.teamId,
        dto.rules.map((r, i) => ({
          position: i + 1,
          name: r.name,
          source: r.source ?? null,
          zips: r.zips ?? [],
          priceMinMinor: r.price_min_minor ?? null,
          priceMaxMinor: r.price_max_minor ?? null,
          propertyType: r.property_type ?? null,
          target: r.target,
          agentIds: r.agent_ids,
        })),
      ),
    );
    return this.rules(caller);
  }

  /** An agent pauses or resumes themself in their current team (paused agents get no new leads). */
  async setPaused(caller: CrmCaller, paused: boolean): Promise<{ paused: boolean }> {
    const book = caller.book;
    await this.repo.setPaused(book.teamId, caller.user.id, paused);
    return { paused };
  }

  async settings(caller: CrmCaller): Promise<CrmSettingsJson> {
    const book = this.access.assertManager(caller.book);
    const s = await this.repo.settings(book.teamId);
    return { speed_to_lead_minutes: s.speedToLeadMinutes, follows_as_leads: s.followsAsLeads };
  }

  async saveSettings(caller: CrmCaller, dto: SettingsDto): Promise<CrmSettingsJson> {
    const book = this.access.assertManager(caller.book);
    const s = await this.repo.settings(book.teamId);
    await this.repo.saveSettings({
      teamId: book.teamId,
      speedToLeadMinutes: dto.speed_to_lead_minutes ?? s.speedToLeadMinutes,
      followsAsLeads: dto.follows_as_leads ?? s.followsAsLeads,
    });
    return this.settings(caller);
  }

  /** The book's intake address and secret for outside sources (owners and admins only). */
  async intakeCredentials(caller: CrmCaller): Promise<{ url: string; secret: string }> {
    const book = this.access.assertManager(caller.book);
    return {
      url: `${this.config.appUrl}/webhooks/crm/${book.teamId}`,
      secret: bookSecret(deriveSecret(this.config.appKey, 'crm-intake'), book.teamId),
    };
  }

  /**
   * A signed submission from an outside source (a website form): HMAC with the book's secret, 5-minute window. An
   * unknown book answers 404 (the team is read only when the signature fails: a good one names an existing book,
   * and the intake's routing answers 404 for a book deleted since).
   */
  async external(teamId: string, raw: Buffer | undefined, signature: string | undefined, dto: ExternalLeadDto) {
    await this.verifySigned(teamId, raw, signature);
    return this.receiveExternal(teamId, dto);
  }

  /**
   * Up to INTAKE_BATCH_MAX leads signed together: the signature is checked once, then each lead in the order sent
   * as `external` takes it (the per-book limit counts each); a lead refused (a malformed email, the limit) answers
   * its own status in its item and the others go on.
   */
  async externalBatch(
    teamId: string,
    raw: Buffer | undefined,
    signature: string | undefined,
    dto: ExternalLeadBatchDto,
  ): Promise<IntakeBatchResult> {
    await this.verifySigned(teamId, raw, signature);
    const results: IntakeBatchItem[] = [];
    for (const lead of dto.leads) {
      const item = { external_id: lead.external_id, message: null, errors: null };
      try {
        results.push({ ...item, status: 200, result: await this.receiveExternal(teamId, lead) });
      } catch (error) {
        if (!isRefusal(error)) throw error;
        results.push({ ...item, status: error.getStatus(), result: null, ...refusalJson(error) });
      }
    }
    return { results };
  }

  private async verifySigned(teamId: string, raw: Buffer | undefined, signature: string | undefined): Promise<void> {
    const secrets = allKeys(this.config).map((key) => bookSecret(deriveSecret(key, 'crm-intake'), teamId));
    const check = verifyIntake(signature, raw?.toString('utf8') ?? '', secrets, this.clock.nowMs());
    if (check === 'ok') return;
    if (!(await this.teams.findTeam(teamId))) throw new NotFoundException('There is no such intake address.');
    throw new UnauthorizedException(`The signature is ${check === 'stale' ? 'too old' : 'wrong'}.`);
  }

  private async receiveExternal(teamId: string, dto: ExternalLeadDto): Promise<IntakeResult> {
    await this.limiter.hit(`crm-intake:${teamId}`, INTAKE_PER_BOOK_PER_MINUTE, 60);
    return this.intake.intake({
      teamId,
      source: dto.source ?? 'website',
      sourceRef: `ext:${dto.external_id}`,
      name: dto.name,
      email: dto.email,
      phone: dto.phone,
      message: dto.message,
      consentVersion: dto.consent_version,
      property: dto.zip
        ? { id: null, zip: dto.zip, priceMinor: dto.price_minor ?? null, type: dto.property_type ?? null }
        : null,
      tags: dto.tags,
    });
  }

  /** "Contact the agent" on a public listing: rate-limited per IP and email; a filled honeypot is quietly dropped. */
  async inquiry(
    propertyId: string,
    dto: InquiryDto,
    ip: string,
    viewer: User | undefined,
  ): Promise<IntakeResult | null> {
    const property = await this.properties.findById(propertyId);
    if (!property || !isPubliclyVisible(property)) throw new NotFoundException('There is no such listing.');
    requireNotOwnListing(viewer, property.userId);
    await this.limiter.hit(`crm-inquiry:ip:${ip}`, INQUIRIES_PER_IP_PER_HOUR, 3600);
    if (dto.website) return null;
    if (!CONSENT_TEXTS[dto.consent_version]) {
      throw ValidationFailedException.of('consent_version', 'Please agree to the current consent text.');
    }
    if (dto.email)
      await this.limiter.hit(`crm-inquiry:email:${dto.email.toLowerCase()}`, INQUIRIES_PER_EMAIL_PER_HOUR, 3600);
    return this.intake.intake({
      ...(await this.propertyLead(property)),
      source: 'listing_inquiry',
      sourceRef: `inquiry:${randomUUID()}`,
      name: dto.name,
      email: dto.email,
      phone: dto.phone,
      userId: viewer?.id ?? null,
      message: dto.message,
      consentVersion: dto.consent_version,
    });
  }

  /** The book and routing facts a lead about a property carries: the property's team, else its realtor's team. */
  async propertyLead(property: Property): Promise<Pick<LeadSubmission, 'teamId' | 'property'>> {
    const priceMinor = property.price === null ? null : Math.round(Number(property.price) * 100);
    return {
      teamId: property.teamId ?? (await this.realtorBook(property.userId))!,
      property: { id: property.id, zip: property.zip, priceMinor, type: property.type },
    };
  }

  /** The team a realtor works in now (their current team, else their personal one). */
  async realtorBook(userId: string): Promise<string | null> {
    const user = await this.users.findById(userId);
    return user ? (await this.teams.currentMembership(user)).id : null;
  }

  async toJson(leads: CrmLead[]): Promise<LeadJson[]> {
    const names = new Map(
      (await this.repo.contactNames([...new Set(leads.map((l) => l.contactId))])).map((c) => [c.id, c.name]),
    );
    return leads.map((l) => toLeadJson(l, names.get(l.contactId) ?? ''));
  }

  /** Listing inquiries received in [start, end), counted per listing's realtor (the creator metrics rollup). */
  async inquiriesByRealtorBetween(start: Date, end: Date): Promise<Array<{ userId: string; count: number }>> {
    const perProperty = await this.campaigns.inquiriesByProperty(start, end);
    const owners = new Map(
      (await this.properties.findByIds(perProperty.map((p) => p.propertyId))).map((p) => [p.id, p.userId]),
    );
    const out = new Map<string, number>();
    for (const { propertyId, count } of perProperty) {
      const owner = owners.get(propertyId);
      if (owner) out.set(owner, (out.get(owner) ?? 0) + count);
    }
    return [...out].map(([userId, count]) => ({ userId, count }));
  }
}
