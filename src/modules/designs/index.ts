export { DesignsService } from './designs.service';
export { DesignGenerationService } from './design-generation.service';
export { DesignShareHolds, type HeldAction, type ShareHold } from './design-share-holds';
export { DesignAssetsService } from './design-assets.service';
export { DesignChatModerationService } from './design-chat-moderation.service';
