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
  'campaign',
  'qr',
  'credits',
  'tour',
];
/** Sources an outside system may name on the signed intake endpoint. */
export const EXTERNAL_SOURCES: LeadSource[] = ['website', 'manual'];

const CAMPAIGN_CONSENT =
  'By sending this form you agree that the realtor and their team may contact you by email or phone about ' +
  'homes and the market in your area, and send you their newsletter. You can unsubscribe at any time.';
/** Consent texts shown beside forms; the version a person agreed to is stored with their submission. */
export const CONSENT_TEXTS: Record<string, string> = {
  'inquiry-2026-11':
    'By sending this message you agree that the listing agent and their team may contact you by email or phone ' +
    'about this and similar properties. You can ask them to stop at any time.',
  'campaign-2026-11': CAMPAIGN_CONSENT,
};
export const CURRENT_CONSENT_VERSION = 'inquiry-2026-11';
export const CAMPAIGN_CONSENT_VERSION = 'campaign-2026-11';

export const TIMERS = {
  speedToLead: 'crm.speed-to-lead',
  marketSettle: 'crm.market-settle',
  mailOutbox: 'crm.mail-outbox',
  codesExpire: 'crm.codes-expire',
} as const;

/** The job on the mail queue that delivers one send's queued recipient rows. */
export const OUTBOX_JOB = 'crm-outbox';
/** When the safety timer drains a send whose outbox job was never queued (the process died after the commit). */
export const OUTBOX_GUARD_MS = 2 * 60_000;

/** Campaign forms and codes: the public's most attacked surface. */
export const CAMPAIGN_FORMS_PER_IP_PER_HOUR = 20;
export const CAMPAIGN_FORMS_PER_CAMPAIGN_PER_MINUTE = 120;
/** Wrong, used or expired codes from one address (or against one code) before back-off locks it. */
export const CODE_FAILURES_PER_IP = 8;
export const CODE_FAILURES_PER_CODE = 5;
export const MAX_CODES_PER_BATCH = 500;
export const CODE_LENGTH = 12;
/** A campaign form's token is good for 6 hours, and not before 2 seconds (bots post at once). */
export const FORM_TOKEN_WINDOW = { maxAgeSeconds: 6 * 3600, minAgeSeconds: 2 };
/** A lead is passed on at most this many times before it stays with whoever has it. */
export const MAX_REASSIGNMENTS = 3;

/** The agent's own live channel: new, claimed and reassigned leads. */
export const agentChannel = (userId: string) => `private-crm.agent.${userId}`;
export const LIVE_EVENTS = { routed: 'lead.routed', claimed: 'lead.claimed' } as const;

export const INQUIRIES_PER_IP_PER_HOUR = 10;
export const INQUIRIES_PER_EMAIL_PER_HOUR = 5;
export const INTAKE_PER_BOOK_PER_MINUTE = 3_000;
/** Leads one signed batch request may carry (each counts against the per-book limit). */
export const INTAKE_BATCH_MAX = 100;

/** Lead marketplace: claims one realtor may make per rolling 24 hours, and the buyer's dispute window. */
export const MARKET_CLAIMS_PER_DAY = 5;
export const MARKET_DISPUTE_HOURS = 72;
/** A shared offer sells to at most this many books (an exclusive offer to one). */
export const MARKET_MAX_BUYERS = 25;
/** Currencies a lead may be priced in (the store's checkout currency). */
export const MARKET_CURRENCIES = ['USD'] as const;
/** The commerce category money-priced lead offers sell in. */
export const LEAD_OFFER_CATEGORY = 'lead-offers';
export const OFFER_TIMELINES = ['now', '1-3_months', '3-6_months', '6+_months'] as const;

/** A contacts list counts its total up to this many, then says "10,000+" (an exact count of 1M rows takes ~1 s). */
export const CONTACTS_COUNT_CAP = 10_000;
