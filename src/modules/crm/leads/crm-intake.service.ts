import { ConflictException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock';
import { ValidationFailedException } from '../../../common/validation';
import type { IntakeResult, LeadSource } from '../../../contracts/crm';
import { CrmRoutingService } from './crm-routing.service';
import { CrmRepository, type ContactFill, type IdentityMatch } from '../crm.repository';
import type { CrmLead } from '../entities/crm.entity';
import { identityOf, keysToFill } from '../contacts/identity';

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
  contactName: string;
  createdContact: boolean;
  createdLead: boolean;
  speedToLeadMinutes?: number;
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
    const keys = { email, phone, userId };
    const ctx = await this.routing.context(sub.teamId, keys);
    const received = await this.repo.transaction(async (tx): Promise<Received> => {
      const lockKeys = [email && `e:${email}`, phone && `p:${phone}`, userId && `u:${userId}`];
      await tx.lockKeys(sub.teamId, [...lockKeys.filter((k): k is string => !!k), `s:${sub.source}:${sub.sourceRef}`]);
      const book = await tx.intakeRead(sub.teamId, sub.source, sub.sourceRef, keys);
      if (book.seenLeadId) return this.seen(tx, book.seenLeadId, within);
      const facts = {
        source: sub.source,
        zip: sub.property?.zip ?? null,
        priceMinor: sub.property?.priceMinor ?? null,
        propertyType: sub.property?.type ?? null,
      };
      const [first] = book.matches;
      const d = this.routing.decideOver(ctx, book, facts, first?.agentId ?? null);
      const written = await tx.intakeWrite({
        lead: {
          teamId: sub.teamId,
          ...facts,
          sourceRef: sub.sourceRef,
          message: sub.message ?? '',
          propertyId: sub.property?.id ?? null,
          consentVersion: sub.consentVersion ?? null,
          campaignId: sub.campaignId ?? null,
          status: d.agentId ? 'assigned' : 'claimable',
          agentId: d.agentId,
          candidateIds: d.candidates,
          ruleId: d.ruleId,
          routingReason: d.reason,
          assignedAt: d.agentId ? now : null,
          createdAt: now,
        },
        data: {
          property_id: sub.property?.id ?? null,
          routing_reason: d.reason,
          consent_version: sub.consentVersion ?? null,
          ...sub.details,
        },
        cursor: d.ruleId && d.nextCursor !== null ? { ruleId: d.ruleId, cursor: d.nextCursor } : null,
        contact: first
          ? { id: first.id, fill: contactFill(book.matches, sub, keys) }
          : { create: { ...keys, name: sub.name.trim(), tags: sub.tags ?? [] } },
      });
      if (!written) throw new ConflictException('This submission is being received already.');
      await within?.(tx.manager, written.lead, true);
      return { ...written, createdContact: !first, createdLead: true, speedToLeadMinutes: book.speedToLeadMinutes };
    });
    if (received.createdLead) {
      await this.routing.announce(received.lead, received.contactName, received.speedToLeadMinutes);
    }
    return {
      contact_id: received.lead.contactId,
      lead_id: received.lead.id,
      created_contact: received.createdContact,
      created_lead: received.createdLead,
    };
  }

  /** A (source, reference) received before: the same lead again, nothing written. */
  private async seen(tx: CrmRepository, leadId: string, within?: WithinIntake): Promise<Received> {
    const lead = (await tx.findLead(leadId))!;
    await within?.(tx.manager, lead, false);
    const contactName = (await tx.findContact(lead.contactId))?.name ?? '';
    return { lead, contactName, createdContact: false, createdLead: false };
  }
}

/**
 * What a submission adds to the oldest live contact sharing a key: identity keys it lacks (see keysToFill), a name
 * when it has none, the consent version given, new tags.
 */
function contactFill(
  matches: IdentityMatch[],
  sub: LeadSubmission,
  keys: { email: string | null; phone: string | null; userId: string | null },
): ContactFill {
  const [first] = matches;
  const fill: ContactFill = keysToFill(matches, keys);
  if (!first.name && sub.name.trim()) fill.name = sub.name.trim();
  if (sub.consentVersion) fill.consentVersion = sub.consentVersion;
  const newTags = (sub.tags ?? []).filter((t) => !first.tags.includes(t));
  if (newTags.length) fill.tags = [...first.tags, ...newTags];
  return fill;
}
