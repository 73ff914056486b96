import type { CampaignCodeJson, CampaignJson, GiftJson, PublicCampaignJson } from '../../../contracts/crm-marketing';
import type { CampaignCounts, CodeWithRedemption } from './campaigns.repository';
import { formatCode } from './codes';
import type { CrmCampaign, CrmGift } from '../entities/campaign.entity';
import { escapeHtml } from '../../../common/escape-html';
import { iso } from '../../../common/iso';

const NO_COUNTS: CampaignCounts = { submissions: 0, codes: 0, redeemed: 0, gifts: 0, giftsCostMinor: 0 };

export function toCampaignJson(c: CrmCampaign, appUrl: string, counts: CampaignCounts = NO_COUNTS): CampaignJson {
  const formUrl = `${appUrl}/c/${c.slug}`;
  return {
    id: c.id,
    name: c.name,
    headline: c.headline,
    area: c.area,
    form_url: formUrl,
    embed_html: `<iframe src="${formUrl}?embed=1" title="${escapeHtml(c.name)}" width="100%" height="620" style="border:0"></iframe>`,
    open_house_ids: c.openHouseIds,
    counts: {
      submissions: counts.submissions,
      codes: counts.codes,
      redeemed: counts.redeemed,
      gifts: counts.gifts,
      gifts_cost_minor: counts.giftsCostMinor,
    },
    created_at: iso(c.createdAt),
  };
}

export function toPublicCampaignJson(c: CrmCampaign, teamName: string): PublicCampaignJson {
  return { slug: c.slug, name: c.name, headline: c.headline, team_name: teamName };
}

export function toCodeJson(c: CodeWithRedemption, url: string, qr: string, now: Date): CampaignCodeJson {
  return {
    id: c.id,
    code: formatCode(c.code),
    kind: c.kind,
    credits: c.credits,
    label: c.label,
    url,
    qr,
    state: c.redeemedAt ? 'redeemed' : c.expiresAt <= now ? 'expired' : 'valid',
    expires_at: iso(c.expiresAt),
    redeemed_at: c.redeemedAt ? iso(c.redeemedAt) : null,
  };
}

export function toGiftJson(g: CrmGift, contactName: string): GiftJson {
  return {
    id: g.id,
    campaign_id: g.campaignId,
    contact: { id: g.contactId, name: contactName },
    description: g.description,
    cost_minor: g.costMinor,
    currency: g.currency,
    sent_at: iso(g.sentAt),
  };
}
