export { ChatsQueryService } from './chats-query.service';
export { ChatsCommandService, listingMessage, type NewMessage } from './chats-command.service';
export { ListingCardBuilder, type ListingCard } from './listing-card';
