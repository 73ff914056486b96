import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import type { LeadRoutedEvent } from '../../../contracts/crm';
import { TimersService } from '../../jobs';
import { NotificationsService } from '../../notifications';
import { Broadcaster } from '../../realtime';
import { TeamsService } from '../../teams';
import type { User } from '../../users';
import { CrmAccessService } from '../crm-access.service';
import { agentChannel, LIVE_EVENTS, MAX_REASSIGNMENTS, TIMERS } from '../crm.constants';
import { toLeadJson } from '../crm.mapper';
import { CrmRepository } from '../crm.repository';
import type { CrmLead } from '../entities/crm.entity';
import { leadActivity } from './lead-activity';
import { route, type LeadFacts, type RoutingDecision, type RuleForRouting } from './routing';
import { requireClaimant } from '../crm.policy';

export interface RoutingContext {
  teamId: string;
  ownerId: string;
  /** Agents (named by the rules, or the contact's) who are members of the team. */
  members: ReadonlySet<string>;
}

/**
 * Where a lead goes: the book's ordered rules over available agents (in the team, not paused), a contact's own
 * agent first, the team owner last. Also the first-to-claim race, the live pushes and speed to lead: a lead not
 * contacted within the book's minutes is passed on (a timer re-checked against the Clock when it fires).
 */
@Injectable()
export class CrmRoutingService {
  private readonly logger = new Logger('CrmRouting');

  constructor(
    private readonly repo: CrmRepository,
    private readonly access: CrmAccessService,
    private readonly teams: TeamsService,
    private readonly timers: TimersService,
    private readonly broadcaster: Broadcaster,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  /**
   * What routing needs from the teams area, read before the caller's transaction opens: holding the rule lock while
   * waiting for a pooled connection would let waiting writers starve it. `keys` adds the agents of the contacts
   * sharing an identity key (a known person's agent comes first).
   */
  async context(
    teamId: string,
    keys: { email: string | null; phone: string | null; userId: string | null } | null = null,
  ): Promise<RoutingContext> {
    const [ids, team] = await Promise.all([this.repo.routingAgents(teamId, keys), this.teams.findTeam(teamId)]);
    if (!team) throw new NotFoundException('There is no such book.');
    const members = new Set(ids.length ? await this.teams.membersAmong(teamId, ids) : []);
    return { teamId, ownerId: team.owner_id, members };
  }

  /** Decides inside the caller's transaction (the rules are locked so round-robin cursors advance in turn). */
  async decide(
    tx: CrmRepository,
    ctx: RoutingContext,
    facts: LeadFacts,
    contactAgentId: string | null,
    exclude: ReadonlySet<string> = new Set(),
  ): Promise<RoutingDecision> {
    const rules = await tx.rules(ctx.teamId, true);
    const paused = await tx.pausedAgents(ctx.teamId);
    const decision = this.decideOver(ctx, { rules, paused }, facts, contactAgentId, exclude);
    if (decision.ruleId && decision.nextCursor !== null) await tx.setCursor(decision.ruleId, decision.nextCursor);
    return decision;
  }

  /**
   * The decision over rules already locked by the caller (the caller stores `nextCursor`): the contact's agent when
   * available, else the ordered rules, else the owner.
   */
  decideOver(
    ctx: RoutingContext,
    book: { rules: RuleForRouting[]; paused: ReadonlySet<string> },
    facts: LeadFacts,
    contactAgentId: string | null,
    exclude: ReadonlySet<string> = new Set(),
  ): RoutingDecision {
    const available = (id: string) => ctx.members.has(id) && !book.paused.has(id);
    if (contactAgentId && available(contactAgentId) && !exclude.has(contactAgentId)) {
      const reason = "kept with the contact's agent";
      return { ruleId: null, agentId: contactAgentId, candidates: [], nextCursor: null, reason };
    }
    return route(facts, book.rules, available, ctx.ownerId, exclude);
  }

  /**
   * After the commit: tells the agent (or every candidate) live, and starts the speed-to-lead clock (the book's
   * minutes, read here unless the caller has them).
   */
  async announce(lead: CrmLead, contactName: string, speedToLeadMinutes?: number): Promise<void> {
    const payload: LeadRoutedEvent = { lead: toLeadJson(lead, contactName) };
    const to = lead.agentId ? [lead.agentId] : lead.candidateIds;
    await this.broadcaster
      .broadcast(to.map(agentChannel), LIVE_EVENTS.routed, payload)
      .catch((e: Error) => this.logger.warn(`lead push failed: ${e.message}`));
    await this.armTimer(lead, speedToLeadMinutes);
  }

  /** First to claim: one statement changes the lead only while it is claimable, so one of many racers wins. */
  async claim(user: User, leadId: string): Promise<CrmLead> {
    // Any agent of the book may ask: one who lost the race to a simultaneous claim hears 409, not 403.
    const { lead } = await this.access.leadOfBook(user, leadId);
    if (lead.status !== 'claimable') throw new ConflictException('This lead has already been claimed.');
    requireClaimant(user, lead);
    const now = this.clock.now();
    const claimed = await this.repo.transaction(async (tx) => {
      if (!(await tx.claim(lead.id, user.id, now))) return null;
      const contact = (await tx.findContact(lead.contactId, true))!;
      if (!contact.agentId) await tx.updateContact(contact.id, { agentId: user.id });
      await tx.addActivity(
        leadActivity(lead, {
          kind: 'assigned',
          body: `Claimed by ${user.name}`,
          data: { agent_id: user.id },
          actorId: user.id,
          createdAt: now,
        }),
      );
      return (await tx.findLead(lead.id))!;
    });
    if (!claimed) throw new ConflictException('Another agent claimed this lead first.');
    const others = lead.candidateIds.filter((id) => id !== user.id).map(agentChannel);
    await this.broadcaster
      .broadcast(others, LIVE_EVENTS.claimed, { lead_id: lead.id, agent_id: user.id })
      .catch((e: Error) => this.logger.warn(`claim push failed: ${e.message}`));
    await this.armTimer(claimed);
    return claimed;
  }

  /** Speed to lead starts when the lead is assigned or offered. */
  private async armTimer(lead: CrmLead, minutes?: number): Promise<void> {
    const speedToLeadMinutes = minutes ?? (await this.repo.settings(lead.teamId)).speedToLeadMinutes;
    const since = lead.assignedAt ?? lead.createdAt;
    const at = new Date(since.getTime() + speedToLeadMinutes * 60_000);
    await this.timers.at(at, TIMERS.speedToLead, { leadId: lead.id }, `lead:${lead.id}`);
  }

  /**
   * The speed-to-lead timer: a lead still not contacted `speed_to_lead_minutes` after it was assigned (or offered)
   * goes to the next available agent (never back to one who had it), else the team owner; both are notified.
   * Re-checked when it fires: contacted, reassigned since, not yet due or passed on too often changes nothing.
   */
  async onSpeedToLead({ leadId }: { leadId: string }): Promise<void> {
    const now = this.clock.now();
    const unlocked = await this.repo.findLead(leadId);
    if (!unlocked) return;
    const ctx = await this.context(unlocked.teamId);
    const moved = await this.repo.transaction(async (tx) => {
      const lead = await tx.findLead(leadId, true);
      if (!lead || lead.contactedAt || lead.status === 'contacted' || lead.reassignments >= MAX_REASSIGNMENTS) {
        return null;
      }
      const { speedToLeadMinutes } = await tx.settings(lead.teamId);
      const since = lead.assignedAt ?? lead.createdAt;
      if (now.getTime() - since.getTime() < speedToLeadMinutes * 60_000) return null;
      const exclude = new Set([...(lead.agentId ? [lead.agentId] : []), ...lead.candidateIds]);
      const facts = {
        source: lead.source,
        zip: lead.zip,
        priceMinor: lead.priceMinor,
        propertyType: lead.propertyType,
      };
      const d = await this.decide(tx, ctx, facts, null, exclude);
      if (d.agentId !== null && d.agentId === lead.agentId) return null;
      const reason = `reassigned after ${speedToLeadMinutes} minutes without contact: ${d.reason}`;
      await tx.updateLead(lead.id, {
        status: d.agentId ? 'assigned' : 'claimable',
        agentId: d.agentId,
        candidateIds: d.candidates,
        ruleId: d.ruleId,
        routingReason: reason,
        reassignments: lead.reassignments + 1,
        assignedAt: now,
      });
      const contact = (await tx.findContact(lead.contactId, true))!;
      if (contact.agentId === lead.agentId) await tx.updateContact(contact.id, { agentId: d.agentId });
      await tx.addActivity(
        leadActivity(lead, {
          kind: 'assigned',
          body: reason,
          data: { from: lead.agentId, to: d.agentId, candidates: d.candidates },
          actorId: null,
          createdAt: now,
        }),
      );
      return { lead: (await tx.findLead(lead.id))!, previous: lead.agentId, contactName: contact.name };
    });
    if (!moved) return;
    await this.announce(moved.lead, moved.contactName);
    const url = `/contacts/${moved.lead.contactId}`;
    const tell = (userId: string, title: string) =>
      this.notifications
        .notify(userId, { kind: 'system', title, url, data: { lead_id: moved.lead.id } })
        .catch((e: Error) => this.logger.warn(`lead notification failed: ${e.message}`));
    if (moved.previous)
      await tell(moved.previous, `A lead from ${moved.contactName} was passed on: not contacted in time`);
    for (const id of moved.lead.agentId ? [moved.lead.agentId] : moved.lead.candidateIds) {
      await tell(id, `New lead: ${moved.contactName} (reassigned to you)`);
    }
  }
}
