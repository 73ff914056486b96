import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { ChatsCommandService, ChatsQueryService, ListingCardBuilder, listingMessage } from '../../modules/chats';
import { ListingsService } from '../../modules/listings/listings.service';
import { NotificationsService } from '../../modules/notifications/notifications.service';
import { PeopleService } from '../../modules/people/people.service';
import { UsersService } from '../../modules/users/users.service';

/**
 * Demo conversations and social activity, all through the owning modules' services (so counters,
 * last messages, live events and notifications are what real use gives):
 * - viewer@reelty.test follows the realtor (a new_follower notification) and has an accepted
 *   direct chat with her: a shared listing card and a few replies;
 * - buyer@reelty.test follows her too and sends a chat request (the realtor's Requested tab);
 * - a welcome notification for the realtor.
 * Idempotent: each part is skipped when its chat already exists (follows are no-ops when present).
 */
export async function seedDemoChats(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const users = app.get(UsersService);
  const [realtor, viewer, buyer] = await Promise.all(
    ['realtor@reelty.test', 'viewer@reelty.test', 'buyer@reelty.test'].map((email) => users.findByEmail(email)),
  );
  if (!realtor || !viewer) return;
  const chats = app.get(ChatsCommandService);
  const chatList = app.get(ChatsQueryService);
  const cards = app.get(ListingCardBuilder);
  const people = app.get(PeopleService);
  const notifications = app.get(NotificationsService);
  let seeded = false;

  if ((await chatList.chatIds(viewer.id, realtor.id)).length === 0) {
    seeded = true;
    await notifications.notify(realtor.id, {
      kind: 'system',
      title: 'Welcome to Reelty, Rita',
      body: 'Your demo listings are live on the market map, and their spots appear in the feed as soon as their videos are ready.',
      url: '/dashboard',
    });
    await people.follow(viewer, realtor.id);
    const [listing] = (await app.get(ListingsService).publishedBy(realtor.id, 1, 1)).data;
    const shared = listing ? await cards.build(listing.id, viewer) : null;
    const first = shared
      ? { listingId: shared.listingId, listing: shared.card, message: 'Hi Rita! Is this one still available?' }
      : { message: 'Hi Rita! Are any of your Austin homes still available?' };
    const { chat } = await chats.startDirect(viewer, realtor.id, first);
    await chats.respond(realtor, chat.id, true);
    await chats.send(realtor, chat.id, {
      type: 'text',
      content: 'Hi Victor, yes it is! Would you like to see it this weekend?',
    });
    await chats.send(viewer, chat.id, { type: 'text', content: 'Saturday at 11 would be great.' });
    await chats.send(realtor, chat.id, {
      type: 'text',
      content: 'Perfect, see you there. I will send you the walkthrough video meanwhile.',
    });
    await chats.send(viewer, chat.id, { type: 'text', content: 'Thanks! Does it have a garage?' });
    if (listing) {
      // A second card, shared inside the chat (not only as the opening message).
      const [, other] = (await app.get(ListingsService).publishedBy(realtor.id, 1, 2)).data;
      if (other)
        await chats.send(
          viewer,
          chat.id,
          listingMessage(other.id, (await cards.build(other.id, viewer)).card, 'And this one, is it close to a park?'),
        );
    }
  }

  if (buyer && (await chatList.chatIds(buyer.id, realtor.id)).length === 0) {
    seeded = true;
    await people.follow(buyer, realtor.id);
    await chats.startDirect(buyer, realtor.id, {
      message: 'Hello! I am relocating to Denver next spring. Could you help me find a condo?',
    });
  }

  if (seeded)
    logger.log(
      'Demo chats: viewer@reelty.test ↔ realtor (accepted, with messages); buyer@reelty.test → realtor (request); follows and notifications',
    );
}
