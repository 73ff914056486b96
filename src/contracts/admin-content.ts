import type { Page } from './common';

/** Admin console content: the designer's asset catalogue, sticker packs, design-chat moderation, marketing. */

export const DESIGN_ASSET_CATEGORIES = ['room_type', 'designer', 'location', 'theme', 'color'] as const;
export type DesignAssetCategory = (typeof DESIGN_ASSET_CATEGORIES)[number];

export interface DesignAssetJson {
  id: string;
  category: DesignAssetCategory;
  name: string;
  prompt_fragment: string | null;
  /** Hex colours of a palette (category color); empty otherwise. */
  colors: string[];
  preview_url: string | null;
  enabled: boolean;
  position: number;
  /** The style pack a theme belongs to (only the pack's buyers may use it); null for the free catalogue. */
  pack: string | null;
  updated_at: string;
}

export interface AdminDesignAssetsProps {
  assets: Page<DesignAssetJson>;
  filters: { category: string; q: string };
  categories: DesignAssetCategory[];
}

export interface StickerJson {
  id: string;
  pack_id: string;
  name: string;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
}

export interface StickerPackJson {
  id: string;
  name: string;
  description: string | null;
  enabled: boolean;
  price_minor: number;
  currency: string;
  stickers: StickerJson[];
  created_at: string;
  /** In a user's list: whether they may send this pack's stickers (free, or paid and bought). */
  usable?: boolean;
}

export interface AdminStickersProps {
  packs: Page<StickerPackJson>;
}

export type DesignChatFlagSource = 'user' | 'filter';

export interface DesignChatFlagJson {
  id: string;
  source: DesignChatFlagSource;
  reason: string;
  reporter_id: string | null;
  created_at: string;
  resolved_at: string | null;
  resolution: string | null;
  message: {
    id: string;
    design_id: string;
    author_id: string;
    role: 'user' | 'assistant';
    content: string;
    hidden: boolean;
    created_at: string;
  };
}

export type DesignChatModerationAction = 'hide' | 'dismiss' | 'warn' | 'suspend';

export interface AdminDesignChatProps {
  flags: Page<DesignChatFlagJson>;
  status: 'open' | 'all';
}

export const AUDIENCES = [
  'all',
  'admin',
  'realtor',
  'team_member',
  'viewer',
  'buyer',
  'follower',
  'affiliate',
  'shopper',
] as const;
export type Audience = (typeof AUDIENCES)[number];

export interface AnnouncementJson {
  id: string;
  title: string;
  body: string;
  url: string | null;
  style: 'banner' | 'toast';
  audience: Audience;
  starts_at: string;
  ends_at: string | null;
  created_at: string;
}

export interface BroadcastJson {
  id: string;
  title: string;
  body: string;
  url: string | null;
  audience: Audience;
  status: 'queued' | 'sending' | 'done';
  total: number;
  sent: number;
  /** Also mailed to the recipients opted in to product news, minus the suppression list. */
  email: boolean;
  emailed: number;
  suppressed: number;
  created_at: string;
  finished_at: string | null;
}

/** Live progress of a broadcast on the admins' channel. */
export interface BroadcastProgressEvent {
  broadcast: BroadcastJson;
}

export interface AdminMarketingProps {
  /** Every announcement, newest first (`announcements`, shared by every page, is the ones showing to you now). */
  all_announcements: Page<AnnouncementJson>;
  broadcasts: Page<BroadcastJson>;
  audiences: Audience[];
}

/** Realtime connections per live node (nodes whose heartbeat lapsed drop out). */
export interface ConnectionNodeJson {
  node: string;
  count: number;
}
