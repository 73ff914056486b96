import { Foundation1763870000000 } from './1763870000000-Foundation';
import { Designs1763874000000 } from './1763874000000-Designs';
import { TwoFactorLastStep1763880000000 } from './1763880000000-TwoFactorLastStep';
import { Notifications1763873000000 } from './1763873000000-Notifications';
import { Chats1763873100000 } from './1763873100000-Chats';
import { PropertiesListings1763871000000 } from './1763871000000-PropertiesListings';
import { MarketPeople1763871100000 } from './1763871100000-MarketPeople';
import { OpenHouses1763871200000 } from './1763871200000-OpenHouses';
import { DashboardIndexes1763871300000 } from './1763871300000-DashboardIndexes';
import { FilteredGeoIndex1763871400000 } from './1763871400000-FilteredGeoIndex';
import { Video1763872000000 } from './1763872000000-Video';
import { VideoListingKeys1763872100000 } from './1763872100000-VideoListingKeys';
import { Affiliates1764300000000 } from './1764300000000-Affiliates';
import { Teams1764100000000 } from './1764100000000-Teams';
import { TeamPropertyCounts1764100001000 } from './1764100001000-TeamPropertyCounts';
import { Commerce1764200000000 } from './1764200000000-Commerce';
import { CreditGrants1764200100000 } from './1764200100000-CreditGrants';
import { OpenHouseRsvpConfirmation1764000000000 } from './1764000000000-OpenHouseRsvpConfirmation';
import { Sweepstakes1764400000000 } from './1764400000000-Sweepstakes';
import { Crm1764700000000 } from './1764700000000-Crm';
import { AdminConsole1764600000000 } from './1764600000000-AdminConsole';
import { AdminMetrics1764600100000 } from './1764600100000-AdminMetrics';
import { Community1764900000000 } from './1764900000000-Community';
import { Journal1764900100000 } from './1764900100000-Journal';
import { Society1764900200000 } from './1764900200000-Society';
import { NewcomerOnce1764050000000 } from './1764050000000-NewcomerOnce';
import { Arena1765000000000 } from './1765000000000-Arena';
import { MailHeaders1765100000000 } from './1765100000000-MailHeaders';
import { ArenaWars1765150000000 } from './1765150000000-ArenaWars';
import { CommunityChannels1765160000000 } from './1765160000000-CommunityChannels';
import { Directory1765160100000 } from './1765160100000-Directory';
import { Pursuits1765160200000 } from './1765160200000-Pursuits';
import { ChatMessageRef1765240000000 } from './1765240000000-ChatMessageRef';
import { BroadcastEmail1765230000000 } from './1765230000000-BroadcastEmail';
import { ChatStickers1765230100000 } from './1765230100000-ChatStickers';
import { Wiki1765260000000 } from './1765260000000-Wiki';
import { MailAttachments1765300000000 } from './1765300000000-MailAttachments';
import { PropertyTimeZone1765300100000 } from './1765300100000-PropertyTimeZone';
import { AnnouncementDismissals1765320000000 } from './1765320000000-AnnouncementDismissals';
import { AdminUserActivity1765320100000 } from './1765320100000-AdminUserActivity';
import { StickerPackOwners1765320200000 } from './1765320200000-StickerPackOwners';
import { AdminCatalogue1765130000000 } from './1765130000000-AdminCatalogue';
import { Tours1765140000000 } from './1765140000000-Tours';
import { Collections1765140100000 } from './1765140100000-Collections';

/** Every migration in order; listed explicitly so the build, the CLI and the tests load the same set. */
import { SavedSearchAlerts1764800000000 } from './1764800000000-SavedSearchAlerts';
import { PropertyViews1764800100000 } from './1764800100000-PropertyViews';
import { CrmCampaigns1765120000000 } from './1765120000000-CrmCampaigns';
import { CrmTemplates1765120100000 } from './1765120100000-CrmTemplates';
import { CrmMailOutbox1765310000000 } from './1765310000000-CrmMailOutbox';
import { CrmLeadMarketplace1765220000000 } from './1765220000000-CrmLeadMarketplace';
import { ArenaChallenges1765250000000 } from './1765250000000-ArenaChallenges';
import { ChannelInvitesIndexes1765330000000 } from './1765330000000-ChannelInvitesIndexes';
import { DirectoryReviewsLicenceGeo1765330100000 } from './1765330100000-DirectoryReviewsLicenceGeo';
import { ProfileStickers1765420000000 } from './1765420000000-ProfileStickers';
import { AdminMetricsCurrency1765420100000 } from './1765420100000-AdminMetricsCurrency';
import { OpenCreative1765440000000 } from './1765440000000-OpenCreative';
import { DirectoryMissingPoints1765530000000 } from './1765530000000-DirectoryMissingPoints';
import { CrmMoneyOffers1765430000000 } from './1765430000000-CrmMoneyOffers';
import { CrmCodeExpiries1765430100000 } from './1765430100000-CrmCodeExpiries';
import { CrmSharedOffers1765510000000 } from './1765510000000-CrmSharedOffers';
import { CrmContactPrefixSearch1765510100000 } from './1765510100000-CrmContactPrefixSearch';
import { RefundRestock1765545000000 } from './1765545000000-RefundRestock';
import { PropertyZoneFromLocation1765400000000 } from './1765400000000-PropertyZoneFromLocation';
import { MarketGeoIndexNewest1765400100000 } from './1765400100000-MarketGeoIndexNewest';
import { AdminUserBulkActions1765540000000 } from './1765540000000-AdminUserBulkActions';
import { CreatorMetrics1765500000000 } from './1765500000000-CreatorMetrics';
import { ProfileVersions1765570000000 } from './1765570000000-ProfileVersions';
import { CrmSellerPayouts1765580000000 } from './1765580000000-CrmSellerPayouts';
import { SweepstakesEligibility1765600000000 } from './1765600000000-SweepstakesEligibility';
import { PurchasesDeliver1765700000000 } from './1765700000000-PurchasesDeliver';
import { BankTransferConfirmation1765700100000 } from './1765700100000-BankTransferConfirmation';
import { DiscountCodes1765800000000 } from './1765800000000-DiscountCodes';
import { InProcessDelayedJobs1765800100000 } from './1765800100000-InProcessDelayedJobs';
export const migrations = [
  Foundation1763870000000,
  PropertiesListings1763871000000,
  MarketPeople1763871100000,
  OpenHouses1763871200000,
  DashboardIndexes1763871300000,
  FilteredGeoIndex1763871400000,
  Video1763872000000,
  VideoListingKeys1763872100000,
  Notifications1763873000000,
  Chats1763873100000,
  Designs1763874000000,
  TwoFactorLastStep1763880000000,
  OpenHouseRsvpConfirmation1764000000000,
  NewcomerOnce1764050000000,
  Teams1764100000000,
  TeamPropertyCounts1764100001000,
  Commerce1764200000000,
  CreditGrants1764200100000,
  Affiliates1764300000000,
  Sweepstakes1764400000000,
  AdminConsole1764600000000,
  AdminMetrics1764600100000,
  Crm1764700000000,
  SavedSearchAlerts1764800000000,
  PropertyViews1764800100000,
  Community1764900000000,
  Journal1764900100000,
  Society1764900200000,
  Arena1765000000000,
  MailHeaders1765100000000,
  CrmCampaigns1765120000000,
  CrmTemplates1765120100000,
  AdminCatalogue1765130000000,
  Tours1765140000000,
  Collections1765140100000,
  ArenaWars1765150000000,
  CommunityChannels1765160000000,
  Directory1765160100000,
  Pursuits1765160200000,
  CrmLeadMarketplace1765220000000,
  BroadcastEmail1765230000000,
  ChatStickers1765230100000,
  ChatMessageRef1765240000000,
  ArenaChallenges1765250000000,
  Wiki1765260000000,
  MailAttachments1765300000000,
  PropertyTimeZone1765300100000,
  CrmMailOutbox1765310000000,
  AnnouncementDismissals1765320000000,
  AdminUserActivity1765320100000,
  StickerPackOwners1765320200000,
  ChannelInvitesIndexes1765330000000,
  DirectoryReviewsLicenceGeo1765330100000,
  ProfileStickers1765420000000,
  AdminMetricsCurrency1765420100000,
  OpenCreative1765440000000,
  CrmMoneyOffers1765430000000,
  CrmCodeExpiries1765430100000,
  PropertyZoneFromLocation1765400000000,
  MarketGeoIndexNewest1765400100000,
  AdminUserBulkActions1765540000000,
  CreatorMetrics1765500000000,
  DirectoryMissingPoints1765530000000,
  CrmSharedOffers1765510000000,
  CrmContactPrefixSearch1765510100000,
  RefundRestock1765545000000,
  ProfileVersions1765570000000,
  CrmSellerPayouts1765580000000,
  SweepstakesEligibility1765600000000,
  PurchasesDeliver1765700000000,
  BankTransferConfirmation1765700100000,
  DiscountCodes1765800000000,
  InProcessDelayedJobs1765800100000,
];
