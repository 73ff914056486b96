import { AdminAuditEntry } from '../modules/admin/entities/admin-audit.entity';
import { ConnectedAccount } from '../modules/settings/entities/connected-account.entity';
import { CreditTransaction } from '../modules/credits/credit-transaction.entity';
import { UserAddress } from '../modules/settings/entities/user-address.entity';
import { User } from '../modules/users/user.entity';
import { Mail } from '../modules/mail/mail.entity';
import {
  Design,
  DesignChatMessage,
  DesignEditSession,
  DesignEditState,
  Dream,
  GeneratedDesign,
  SavedPrompt,
} from '../modules/designs/entities';
import { UsageRecord } from '../modules/usage/usage-record.entity';
import { Notification } from '../modules/notifications/notification.entity';
import { Chat, ChatMessage, ChatParticipant } from '../modules/chats/chat.entity';
import { Currency, Property, PropertyComponent, PropertyUpload } from '../modules/properties/property.entity';
import { Listing } from '../modules/listings/listing.entity';
import { OpenHouse, OpenHouseRsvp } from '../modules/open-houses/open-house.entity';
import { SavedSearch } from '../modules/saved-searches/entities/saved-search.entity';
import { Follow, Market, Stat, UserMarket, UserStat } from '../modules/people/people.entities';
import { VIDEO_ENTITIES } from '../modules/video/entities';
import { SWEEPSTAKES_ENTITIES } from '../modules/sweepstakes/entities/sweepstakes.entity';
import { CRM_ENTITIES } from '../modules/crm/entities/crm.entity';
import { ARENA_ENTITIES } from '../modules/arena/entities/arena.entity';
import { ARENA_WAR_ENTITIES } from '../modules/arena/entities/arena-war.entity';
import { CRM_CAMPAIGN_ENTITIES } from '../modules/crm/entities/campaign.entity';
import { CrmLeadOffer, CrmLeadSale } from '../modules/crm/entities/offer.entity';

/** Every entity; each module adds its own here. */
export const entities = [
  User,
  UserAddress,
  ConnectedAccount,
  CreditTransaction,
  Mail,
  Notification,
  Chat,
  ChatParticipant,
  ChatMessage,
  Design,
  GeneratedDesign,
  SavedPrompt,
  DesignEditState,
  DesignEditSession,
  Dream,
  DesignChatMessage,
  UsageRecord,
  Currency,
  Property,
  PropertyComponent,
  PropertyUpload,
  Listing,
  OpenHouse,
  OpenHouseRsvp,
  SavedSearch,
  Follow,
  Market,
  UserMarket,
  Stat,
  UserStat,
  ...VIDEO_ENTITIES,
  ...SWEEPSTAKES_ENTITIES,
  ...CRM_ENTITIES,
  ...ARENA_ENTITIES,
  AdminAuditEntry,
  ...ARENA_WAR_ENTITIES,
  ...CRM_CAMPAIGN_ENTITIES,
  CrmLeadOffer,
  CrmLeadSale,
];
