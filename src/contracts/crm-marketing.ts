/** Wire types of the CRM's marketing side: farm campaigns, their public forms and codes, gifts, email templates. */
import type { Page } from './common';
import type { ContactStage, LeadJson } from './crm';

/** A farm's area on the map: a circle, or a polygon of [lat, lng] points. */
export type CampaignArea =
  { kind: 'radius'; lat: number; lng: number; radius_m: number } | { kind: 'polygon'; points: Array<[number, number]> };

export type CodeKind = 'qr' | 'credits';
export type CodeState = 'valid' | 'redeemed' | 'expired';

export interface CampaignJson {
  id: string;
  name: string;
  headline: string;
  area: CampaignArea | null;
  /** The public form's page, e.g. `https://…/c/k3v9x2`; `embed_html` frames it on another site. */
  form_url: string;
  embed_html: string;
  open_house_ids: string[];
  counts: { submissions: number; codes: number; redeemed: number; gifts: number; gifts_cost_minor: number };
  created_at: string;
}

export interface CampaignCodeJson {
  id: string;
  /** Shown grouped for people (`ABCD-EFGH-JKLM`); accepted with or without dashes and in any case. */
  code: string;
  kind: CodeKind;
  credits: number;
  label: string;
  url: string;
  /** An SVG QR code of `url` as a data: URI. */
  qr: string;
  state: CodeState;
  expires_at: string;
  redeemed_at: string | null;
}

export interface GiftJson {
  id: string;
  campaign_id: string | null;
  contact: { id: string; name: string };
  description: string;
  cost_minor: number;
  currency: string;
  sent_at: string;
}

export interface CampaignOpenHouseJson {
  id: string;
  title: string;
  starts_at: string;
  registrations: number;
}

export interface FarmProps {
  /** The current team's contact book. */
  book: { id: string; name: string };
  can_manage: boolean;
  campaigns: Page<CampaignJson>;
  selected: {
    campaign: CampaignJson;
    codes: CampaignCodeJson[];
    submissions: LeadJson[];
    open_houses: CampaignOpenHouseJson[];
    gifts: GiftJson[];
    /** What the drawn area holds (null when no area is drawn). */
    in_area: FarmAreaJson | null;
  } | null;
  tab: 'campaigns' | 'email' | 'open_house' | 'gifts';
  /** The market map's tiles (the offline basemap draws under them). */
  map: { tile_url: string; attribution: string };
}

/** A farm's area in use: published homes inside it (first ones pinned) and the book's contacts who asked about one. */
export interface FarmAreaJson {
  homes: { total: number; items: Array<{ id: string; slug: string; name: string; lat: number; lng: number }> };
  contacts: { total: number; items: Array<{ id: string; name: string }> };
}

/** What the public sees of a campaign: never the book's contacts. */
export interface PublicCampaignJson {
  slug: string;
  name: string;
  headline: string;
  team_name: string;
}

export interface PublicFormProps {
  campaign: PublicCampaignJson;
  consent: { version: string; text: string };
  /** Sent back with the form: signed with the campaign and the time (the form may be framed on another site). */
  form_token: string;
}

export interface QrRedemptionProps {
  code: string;
  state: CodeState;
  campaign: PublicCampaignJson;
  consent: { version: string; text: string };
}

export interface CreditsRedemptionProps {
  /** Prefilled from `?code=` (a printed link), formatted; empty otherwise. */
  code: string;
}

export interface SubmissionSuccessProps {
  campaign: PublicCampaignJson;
}

export interface SuccessPageProps {
  credits: number;
  balance: number;
  campaign: PublicCampaignJson;
}

export interface RedeemedJson {
  credits: number;
  balance: number;
  redirect: string;
}

// ---- email templates ----------------------------------------------------------------------------------------------

export type TemplateKind = 'email' | 'flyer' | 'social';

export interface TemplateJson {
  id: string;
  kind: TemplateKind;
  name: string;
  subject: string;
  body: string;
  updated_at: string;
}

export interface RenderedTemplate {
  subject: string;
  text: string;
  html: string;
}

export interface SendReport {
  sent: number;
  /** Addresses on the suppression list (unsubscribed, bounced, complained): never mailed. */
  suppressed: number;
  /** Contacts without an email address. */
  skipped: number;
}

export interface EmailSendJson {
  id: string;
  template_name: string;
  contact: { id: string; name: string };
  email: string;
  /** When the send was made; the mail leaves when the outbox delivers the row (`delivered_at`). */
  sent_at: string;
  /** `queued` until the outbox delivers it; `cancelled` when the address was suppressed before delivery. */
  state: 'queued' | 'sent' | 'cancelled';
  delivered_at: string | null;
  opened_at: string | null;
  /** Clicks on the mail's tracked links, and the first one. */
  clicks: number;
  first_clicked_at: string | null;
  soft_bounces: number;
  /** A hard bounce or a complaint (the address is then on the suppression list). */
  failure: 'bounce' | 'complaint' | null;
}

/** A bounce or complaint as the mail provider's webhook reports it. */
export interface MailEventResult {
  /** False for an event id seen before (a repeated delivery changes nothing). */
  recorded: boolean;
}

export interface TemplatesProps {
  kind: 'email' | 'marketing';
  templates: TemplateJson[];
  merge_fields: Array<{ key: string; label: string }>;
  sends: Page<EmailSendJson>;
  stages: ContactStage[];
}

export interface UnsubscribeProps {
  token: string;
  email: string;
  done: boolean;
}

// ---- analytics ----------------------------------------------------------------------------------------------------

export interface LeadsAnalyticsProps {
  /** The current team's contact book. */
  book: { id: string; name: string };
  /** Managers see the whole book; an agent sees the leads routed to them. */
  scope: 'book' | 'mine';
  since_days: number;
  funnel: Array<{ source: string; received: number; contacted: number; appointment: number; closed: number }>;
  agents: Array<{ id: string; name: string; leads: number; contacted: number; median_minutes: number | null }>;
  campaigns: Array<{ id: string; name: string; leads: number; closed: number }>;
}
