import type { ContactStage, LeadSource } from '../../contracts/crm';

export const CONTACT_STAGES: ContactStage[] = ['new', 'contacted', 'appointment', 'under_contract', 'closed', 'lost'];
/** Stages that mean somebody has talked to the person: reaching one stops the speed-to-lead clock. */
export const CONTACTED_STAGES: ReadonlySet<ContactStage> = new Set([
  'contacted',
  'appointment',
  'under_contract',
  'closed',
]);
export const LEAD_SOURCES: LeadSource[] = [
  'listing_inquiry',
  'open_house',
  'chat_request',
  'follow',
  'website',
  'import',
  'manual',
];
/** Sources an outside system may name on the signed intake endpoint. */
export const EXTERNAL_SOURCES: LeadSource[] = ['website', 'manual'];

/** Consent texts shown beside forms; the version a person agreed to is stored with their submission. */
export const CONSENT_TEXTS: Record<string, string> = {
  'inquiry-2026-11':
    'By sending this message you agree that the listing agent and their team may contact you by email or phone ' +
    'about this and similar properties. You can ask them to stop at any time.',
};
export const CURRENT_CONSENT_VERSION = 'inquiry-2026-11';

export const TIMERS = { speedToLead: 'crm.speed-to-lead' } as const;
/** A lead is passed on at most this many times before it stays with whoever has it. */
export const MAX_REASSIGNMENTS = 3;

/** The agent's own live channel: new, claimed and reassigned leads. */
export const agentChannel = (userId: string) => `private-crm.agent.${userId}`;
export const LIVE_EVENTS = { routed: 'lead.routed', claimed: 'lead.claimed' } as const;

export const INQUIRIES_PER_IP_PER_HOUR = 10;
export const INQUIRIES_PER_EMAIL_PER_HOUR = 5;
export const INTAKE_PER_BOOK_PER_MINUTE = 3_000;
