import { Module, OnModuleInit } from '@nestjs/common';
import { isUuid } from '../../common/uuid.pipe';
import { JobRegistry } from '../jobs';
import { ChannelRegistry } from '../realtime';
import { UsersModule } from '../users/users.module';
import { ChannelInvitationsService } from './channel-invitations.service';
import { ChannelMessagesRepository } from './channel-messages.repository';
import { ChannelMessagesService } from './channel-messages.service';
import { LIVE_PATTERN, NOTIFY_JOB } from './channels.constants';
import { ChannelsController } from './channels.controller';
import { ChannelsPagesController } from './channels-pages.controller';
import { ChannelsRepository } from './channels.repository';
import { PolicyChecks } from '../policies';
import { ChannelsService } from './channels.service';

/**
 * Community channels: a creator's broadcast channel or a members' discussion channel, public or private, with
 * keyset-paged messages delivered live (private-/presence-community-channel.{id}, authorised here), members told
 * of the owner's messages by a fan-out job, flags through community moderation, creating one at trust level 2.
 */
@Module({
  imports: [UsersModule],
  controllers: [ChannelsController, ChannelsPagesController],
  providers: [
    ChannelsRepository,
    ChannelMessagesRepository,
    ChannelsService,
    ChannelMessagesService,
    ChannelInvitationsService,
  ],
  exports: [ChannelsService, ChannelMessagesService, ChannelInvitationsService],
})
export class ChannelsModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly channels: ChannelsService,
    private readonly messages: ChannelMessagesService,
    private readonly registry: ChannelRegistry,
    private readonly jobs: JobRegistry,
  ) {}

  onModuleInit(): void {
    this.policies.define('channel.write', (user, id) => this.messages.writable(user, id));
    this.policies.define('channel.own', (user, id) => this.channels.owned(id, user));
    this.messages.registerModeration();
    this.jobs.register<{ messageId: string }>('fanout', NOTIFY_JOB, {
      handle: (data) => this.messages.notifyMembers(data),
    });
    // Readers of the channel subscribe (public: anyone signed in; private: members); presence shows id and name.
    this.registry.register(LIVE_PATTERN, async (user, { id }) =>
      isUuid(id) && (await this.channels.maySubscribe(user, id)) ? { id: user.id, name: user.name } : false,
    );
  }
}
