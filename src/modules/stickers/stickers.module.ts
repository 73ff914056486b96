import { Module, OnModuleInit } from '@nestjs/common';
import { ChatsModule } from '../chats/chats.module';
import { CommerceModule } from '../commerce/commerce.module';
import { DomainEvents } from '../events';
import { MediaAccessRegistry } from '../storage';
import { ProfileStickersService } from './profile-stickers.service';
import { StickerMessagesController } from './sticker-messages.controller';
import { StickerSalesService } from './sticker-sales.service';
import { StickersController } from './stickers.controller';
import { StickersRepository } from './stickers.repository';
import { StickersService } from './stickers.service';

/** Sticker packs: made in the admin console, listed for everyone signed in, sent in chat; paid ones sold in commerce. */
@Module({
  imports: [ChatsModule, CommerceModule],
  controllers: [StickersController, StickerMessagesController],
  providers: [StickersRepository, StickersService, StickerSalesService, ProfileStickersService],
  exports: [StickersService, StickerSalesService, ProfileStickersService],
})
export class StickersModule implements OnModuleInit {
  constructor(
    private readonly media: MediaAccessRegistry,
    private readonly events: DomainEvents,
    private readonly sales: StickerSalesService,
  ) {}

  onModuleInit(): void {
    // Stickers are shown wherever they are sent or worn, to anyone.
    this.media.register('stickers/', () => true);
    // A paid order makes the buyer an owner of the sticker packs it sold.
    this.events.subscribe('order.paid', 'stickers.pack-owners', ({ payload }) => this.sales.onOrderPaid(payload));
    // A refunded sticker-pack line takes the pack back (and its stickers off the buyer's profile).
    this.events.subscribe('order.refunded', 'stickers.pack-refunds', ({ payload }) =>
      this.sales.onOrderRefunded(payload),
    );
  }
}
