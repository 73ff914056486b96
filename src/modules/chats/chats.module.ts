import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PolicyChecks } from '../policies';
import { ChannelRegistry } from '../realtime';
import { MediaAccessRegistry } from '../storage';
import { UsersModule } from '../users/users.module';
import { Chat, ChatMessage, ChatParticipant } from './chat.entity';
import { ChatsCommandService } from './chats-command.service';
import { ChatsQueryService } from './chats-query.service';
import { ChatsApiController, ChatsPageController } from './chats.controller';
import { toChatUser } from './chats.mapper';
import { ChatsRepository } from './chats.repository';
import { ListingCardBuilder } from './listing-card';
import { ListingsModule } from '../listings/listings.module';

/**
 * Chats (spec 2, 3, 4, 7 "Chats"). Channel rules: `private-chat.{id}` and `presence-chat.{id}`
 * for participants who have not left (presence user_info {id, name, handle, avatarUrl});
 * media under `chats/{chatId}/` for the same people.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Chat, ChatParticipant, ChatMessage]), UsersModule, ListingsModule],
  controllers: [ChatsPageController, ChatsApiController],
  providers: [ChatsRepository, ChatsQueryService, ChatsCommandService, ListingCardBuilder],
  exports: [ChatsQueryService, ChatsCommandService, ListingCardBuilder],
})
export class ChatsModule implements OnModuleInit {
  constructor(
    private readonly chats: ChatsQueryService,
    private readonly media: MediaAccessRegistry,
    private readonly channels: ChannelRegistry,
    private readonly policies: PolicyChecks,
  ) {}

  onModuleInit(): void {
    // Sending and answering a request: participants who have not left (unknown chats 404).
    this.policies.define('chat.take-part', (user, id) => this.chats.requireParticipant(user.id, id));
    // private-chat.{id} and presence-chat.{id}: participants who have not left; presence
    // members are described by {id, name, handle, avatarUrl}.
    this.channels.register('chat.{id}', async (user, { id }) =>
      (await this.chats.isActiveParticipant(user.id, id)) ? { ...toChatUser(user) } : false,
    );
    this.media.register('chats/', async (key, user) => {
      const chatId = key.split('/')[1] ?? '';
      return !!user && (await this.chats.isActiveParticipant(user.id, chatId));
    });
  }
}
