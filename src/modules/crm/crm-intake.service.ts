import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import { ValidationFailedException } from '../../common/validation';
import type { IntakeResult, LeadSource } from '../../contracts/crm';
import { CrmRoutingService } from './crm-routing.service';
import { CrmRepository } from './crm.repository';
import type { CrmContact, CrmLead } from './entities/crm.entity';
import { identityOf, keysToFill } from './identity';

/** One submission from any source: a form, an open-house registration, a chat request, a website. */
export interface LeadSubmission {
  teamId: string;
  source: LeadSource;
  /** What makes this submission unique within its source (a form id, an RSVP id): receiving it again is a no-op. */
  sourceRef: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  /** The Reelty account behind the submission, when there is one. */
  userId?: string | null;
  message?: string;
  consentVersion?: string | null;
  property?: { id: string | null; zip: string | null; priceMinor: number | null; type: string | null } | null;
  tags?: string[];
  /** The farm campaign the submission came through. */
  campaignId?: string | null;
  /** Extra facts kept on the lead's timeline entry (e.g. the open house registered for). */
  details?: Record<string, unknown>;
}

/**
 * Work that must commit with the lead or not at all (a code's redemption, its credits): runs inside the intake's
 * transaction once the lead is known; `created` is false when this (source, reference) had been received before.
 * Throwing rolls the whole submission back.
 */
export type WithinIntake = (m: EntityManager, lead: CrmLead, created: boolean) => Promise<void>;

interface Received {
  lead: CrmLead;
  contact: CrmContact;
  createdContact: boolean;
  createdLead: boolean;
}

/**
 * The one lead intake every source uses. The person is found in the book by normalised email, E.164 phone or
 * account (writers of the same keys are serialised); a known person gets a new activity and lead, never a second
 * contact. The same (source, reference) twice is one lead. Routing runs in the same transaction.
 */
@Injectable()
export class CrmIntakeService {
  constructor(
    private readonly repo: CrmRepository,
    private readonly routing: CrmRoutingService,
    private readonly clock: Clock,
  ) {}

  async intake(sub: LeadSubmission, within?: WithinIntake): Promise<IntakeResult> {
    const checked = identityOf(sub);
    if (!checked.ok) {
      const what = checked.field === 'email' ? 'a valid email address' : 'a valid phone number (e.g. +1 415 555 0132)';
      throw ValidationFailedException.of(checked.field, `Enter ${what}.`);
    }
    const { email, phone } = checked.identity;
    const userId = sub.userId ?? null;
    if (!email && !phone && !userId) throw ValidationFailedException.of('email', 'Give an email address or a phone.');
    const now = this.clock.now();
    const known = await this.repo.findByIdentity(sub.teamId, { email, phone, userId });
    const ctx = await this.routing.context(
      sub.teamId,
      known.map((c) => c.agentId),
    );
    const received = await this.repo.transaction(async (tx): Promise<Received> => {
      const keys = [
        email && `e:${email}`,
        phone && `p:${phone}`,
        userId && `u:${userId}`,
        `s:${sub.source}:${sub.sourceRef}`,
      ];
      await tx.lockKeys(
        sub.teamId,
        keys.filter((k): k is string => !!k),
      );
      const seen = await tx.findLeadBySource(sub.teamId, sub.source, sub.sourceRef);
      if (seen) {
        await within?.(tx.manager, seen, false);
        return {
          lead: seen,
          contact: (await tx.findContact(seen.contactId))!,
          createdContact: false,
          createdLead: false,
        };
      }
      const { contact, created } = await this.resolveContact(tx, sub, { email, phone, userId }, now);
      const facts = {
        source: sub.source,
        zip: sub.property?.zip ?? null,
        priceMinor: sub.property?.priceMinor ?? null,
        propertyType: sub.property?.type ?? null,
      };
      const d = await this.routing.decide(tx, ctx, facts, contact.agentId);
      const lead = (await tx.insertLead({
        teamId: sub.teamId,
        contactId: contact.id,
        source: sub.source,
        sourceRef: sub.sourceRef,
        message: sub.message ?? '',
        propertyId: sub.property?.id ?? null,
        zip: facts.zip,
        priceMinor: facts.priceMinor,
        propertyType: facts.propertyType,
        consentVersion: sub.consentVersion ?? null,
        campaignId: sub.campaignId ?? null,
        status: d.agentId ? 'assigned' : 'claimable',
        agentId: d.agentId,
        candidateIds: d.candidates,
        ruleId: d.ruleId,
        routingReason: d.reason,
        assignedAt: d.agentId ? now : null,
        createdAt: now,
      }))!;
      if (d.agentId && !contact.agentId) await tx.updateContact(contact.id, { agentId: d.agentId });
      await tx.addActivity({
        teamId: sub.teamId,
        contactId: contact.id,
        kind: 'lead',
        source: sub.source,
        body: sub.message ?? '',
        data: {
          lead_id: lead.id,
          property_id: lead.propertyId,
          routing_reason: d.reason,
          consent_version: lead.consentVersion,
          ...sub.details,
        },
        actorId: null,
        createdAt: now,
      });
      await within?.(tx.manager, lead, true);
      return { lead, contact, createdContact: created, createdLead: true };
    });
    if (received.createdLead) await this.routing.announce(received.lead, received.contact.name);
    return {
      contact_id: received.contact.id,
      lead_id: received.lead.id,
      created_contact: received.createdContact,
      created_lead: received.createdLead,
    };
  }

  /** The oldest live contact sharing a key, with its blanks filled from the submission; else a new contact. */
  private async resolveContact(
    tx: CrmRepository,
    sub: LeadSubmission,
    keys: { email: string | null; phone: string | null; userId: string | null },
    now: Date,
  ): Promise<{ contact: CrmContact; created: boolean }> {
    const matches = await tx.findByIdentity(sub.teamId, keys);
    const [first] = matches;
    if (!first) {
      const contact = await tx.insertContact({
        teamId: sub.teamId,
        name: sub.name.trim(),
        ...keys,
        source: sub.source,
        tags: sub.tags ?? [],
        consentVersion: sub.consentVersion ?? null,
        at: now,
      });
      return { contact, created: true };
    }
    const fill: Partial<CrmContact> = keysToFill(matches, keys);
    if (!first.name && sub.name.trim()) fill.name = sub.name.trim();
    if (sub.consentVersion) fill.consentVersion = sub.consentVersion;
    const newTags = (sub.tags ?? []).filter((t) => !first.tags.includes(t));
    if (newTags.length) fill.tags = [...first.tags, ...newTags];
    if (Object.keys(fill).length) await tx.updateContact(first.id, fill);
    return { contact: { ...first, ...fill }, created: false };
  }
}
