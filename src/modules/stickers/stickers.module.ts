import { Module, OnModuleInit } from '@nestjs/common';
import { ChatsModule } from '../chats/chats.module';
import { MediaAccessRegistry } from '../storage';
import { StickerMessagesController } from './sticker-messages.controller';
import { StickersController } from './stickers.controller';
import { StickersRepository } from './stickers.repository';
import { StickersService } from './stickers.service';

/** Sticker packs: made in the admin console, listed for everyone signed in, sent in chat. */
@Module({
  imports: [ChatsModule],
  controllers: [StickersController, StickerMessagesController],
  providers: [StickersRepository, StickersService],
  exports: [StickersService],
})
export class StickersModule implements OnModuleInit {
  constructor(private readonly media: MediaAccessRegistry) {}

  onModuleInit(): void {
    // Stickers are shown wherever they are sent or worn, to anyone.
    this.media.register('stickers/', () => true);
  }
}
