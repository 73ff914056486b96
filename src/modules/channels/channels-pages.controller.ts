import { Controller, Get, Param, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { TrustService } from '../community';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { ChannelInvitationsService } from './channel-invitations.service';
import { ChannelMessagesService } from './channel-messages.service';
import { ChannelsService } from './channels.service';
import { ChannelListQueryDto } from './dto/channels.dto';

/** The Channel/Index, Channel/Show and Message/Show pages. */
@Controller()
export class ChannelsPagesController {
  constructor(
    private readonly channels: ChannelsService,
    private readonly messages: ChannelMessagesService,
    private readonly invitations: ChannelInvitationsService,
    private readonly trust: TrustService,
  ) {}

  @Get('channels')
  @Public()
  async index(@Query() q: ChannelListQueryDto, @CurrentUser() viewer: User | undefined) {
    await this.trust.recordVisit(viewer);
    const { page, perPage } = q.window(24);
    const [channels, mine, trust, invitations] = await Promise.all([
      this.channels.list(viewer, false, page, perPage),
      viewer ? this.channels.list(viewer, true, 1, 50) : Promise.resolve(null),
      viewer ? this.trust.standing(viewer) : Promise.resolve(null),
      viewer ? this.invitations.mine(viewer, 1, 20) : Promise.resolve(null),
    ]);
    return Inertia.render('Channel/Index', { channels, mine, trust, invitations });
  }

  @Get('channels/:id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    await this.trust.recordVisit(viewer);
    const channel = await this.channels.show(id, viewer);
    const [history, members, invitees] = await Promise.all([
      this.messages.history(id, viewer, undefined),
      this.channels.members(id, viewer, 1, 12),
      viewer && channel.my_role === 'owner' ? this.invitations.invitees(viewer, id, 1, 24) : Promise.resolve(null),
    ]);
    return Inertia.render('Channel/Show', { channel, history, members, invitees });
  }

  @Get('messages/:id')
  @Public()
  async message(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    const { message, access } = await this.messages.show(id, viewer);
    return Inertia.render('Message/Show', { message, channel: await this.channels.show(access.group.id, viewer) });
  }
}
