import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelRegistry } from '../realtime/channel-registry.service';
import { MediaAccessRegistry } from '../storage/media-access.registry';
import { Chat, ChatMessage, ChatParticipant } from './chat.entity';
import { chatUser } from './chat.presenter';
import { ChatsApiController, ChatsPageController } from './chats.controller';
import { ChatsService } from './chats.service';
import { ListingCardBuilder } from './listing-card';
import { ListingsModule } from '../listings/listings.module';

/**
 * Chats (spec 2, 3, 4, 7 "Chats"). Channel rules: `private-chat.{id}` and `presence-chat.{id}`
 * for participants who have not left (presence user_info {id, name, handle, avatarUrl});
 * media under `chats/{chatId}/` for the same people.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Chat, ChatParticipant, ChatMessage]), ListingsModule],
  controllers: [ChatsPageController, ChatsApiController],
  providers: [ChatsService, ListingCardBuilder],
  exports: [ChatsService],
})
export class ChatsModule implements OnModuleInit {
  constructor(
    private readonly chats: ChatsService,
    private readonly media: MediaAccessRegistry,
    private readonly channels: ChannelRegistry,
  ) {}

  onModuleInit(): void {
    // private-chat.{id} and presence-chat.{id}: participants who have not left; presence
    // members are described by {id, name, handle, avatarUrl}.
    this.channels.register('chat.{id}', async (user, { id }) =>
      (await this.chats.isActiveParticipant(user.id, id))
        ? { ...chatUser({ id: user.id, name: user.name, handle: user.handle, avatar_path: user.avatarPath }) }
        : false,
    );
    this.media.register('chats/', async (key, user) => {
      const chatId = key.split('/')[1] ?? '';
      return !!user && (await this.chats.isActiveParticipant(user.id, chatId));
    });
  }
}
