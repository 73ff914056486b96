import { ForbiddenException, Injectable, Logger } from '@nestjs/common';
import type { DomainEventEnvelope } from '../../contracts/events';
import { ChatsCommandService, listingMessage, type NewMessage } from '../chats';
import { UsersService } from '../users';
import { localTime } from './ics';
import type { TourView } from './tours.repository';
import { ToursRepository } from './tours.repository';

export const TOUR_CHAT_CONSUMER = 'tours.chat';

/** The chat message a tour request posts: the listing's card, the kind of tour and the times in the realtor's zone. */
export function tourChatMessage(t: TourView): NewMessage {
  const kind = t.mode === 'video' ? 'a video tour' : 'an in-person tour';
  const times = t.offered_times.map((d) => localTime(d, t.realtor_timezone));
  const lines = [`Tour request: ${kind} of ${t.property_name}`, ...times.map((s) => `• ${s}`)];
  if (t.message) lines.push(`“${t.message}”`);
  const card = {
    title: t.property_name,
    price: null,
    address: t.property_address,
    image_url: null,
    url: `/properties/${t.property_slug}`,
  };
  const msg = listingMessage(undefined, card, lines.join('\n'));
  return {
    ...msg,
    data: { ...msg.data, tour: { id: t.id, mode: t.mode, offered_times: t.offered_times.map((d) => d.toISOString()) } },
    ref: `tour:${t.id}`,
  };
}

/**
 * Consumer of `tour.requested`: the buyer's direct chat with the realtor (reused, or started as a chat request as
 * the chats module starts any) gets the request as a message. The message's `tour:<id>` reference is unique per
 * chat, so a repeated event posts nothing. A chat the buyer may not write in (the realtor's unanswered request,
 * a block) is left alone: the tour still reaches the realtor through the bell.
 */
@Injectable()
export class TourChatService {
  private readonly logger = new Logger(TourChatService.name);

  constructor(
    private readonly repo: ToursRepository,
    private readonly users: UsersService,
    private readonly chats: ChatsCommandService,
  ) {}

  async onRequested({ payload: p }: DomainEventEnvelope<'tour.requested'>): Promise<'posted' | 'skipped'> {
    const [t, buyer] = await Promise.all([this.repo.find(p.tour_id), this.users.findById(p.buyer_id)]);
    if (!t || !buyer) return 'skipped';
    try {
      // The tour is the CRM lead: a chat it opens says so (origin), so it does not become a second one.
      const { chat } = await this.chats.startDirect(buyer, t.realtor_id, { origin: `tour:${t.id}` });
      await this.chats.send(buyer, chat.id, tourChatMessage(t));
      return 'posted';
    } catch (error) {
      if (!(error instanceof ForbiddenException)) throw error;
      this.logger.warn(`tour ${t.id} not posted to chat: ${error.message}`);
      return 'skipped';
    }
  }
}
