import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { FlagDto } from '../community';
import { socketIdFrom } from '../realtime';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { ChannelInvitationsService } from './channel-invitations.service';
import { ChannelMessagesService } from './channel-messages.service';
import { CHANNEL_LIMITS } from './channels.constants';
import { ChannelsService } from './channels.service';
import {
  ChannelCandidatesQueryDto,
  ChannelDto,
  ChannelHistoryQueryDto,
  ChannelInviteDto,
  ChannelListQueryDto,
  ChannelMessageDto,
  CreateChannelDto,
} from './dto/channels.dto';
import { Authorize } from '../policies';

/** Community channels and their messages: the JSON API under /api/channels and /api/messages. */
@Controller('api')
export class ChannelsController {
  constructor(
    private readonly channels: ChannelsService,
    private readonly messages: ChannelMessagesService,
    private readonly invitations: ChannelInvitationsService,
    private readonly limiter: RateLimiterService,
  ) {}

  private limit(kind: keyof typeof CHANNEL_LIMITS, user: User): Promise<void> {
    const [count, seconds] = CHANNEL_LIMITS[kind];
    return this.limiter.hit(`channel-${kind}:${user.id}`, count, seconds);
  }

  @Get('channels')
  @Public()
  list(@Query() q: ChannelListQueryDto, @CurrentUser() viewer: User | undefined) {
    const { page, perPage } = q.window(24);
    return this.channels.list(viewer, q.mine === true, page, perPage);
  }

  /** Creating a channel needs trust level 2 (member). */
  @Post('channels')
  @HttpCode(201)
  async create(@Body() body: CreateChannelDto, @CurrentUser() user: User) {
    await this.limit('create', user);
    return { message: 'Channel created', channel: await this.channels.create(user, body) };
  }

  @Get('channels/:id')
  @Public()
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return { channel: await this.channels.show(id, viewer) };
  }

  @Patch('channels/:id')
  @Authorize('channel.own')
  async update(@Param('id', UuidPipe) id: string, @Body() body: ChannelDto, @CurrentUser() user: User) {
    return { message: 'Saved', channel: await this.channels.update(user, id, body) };
  }

  @Post('channels/:id/join')
  @HttpCode(200)
  async join(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Subscribed', channel: await this.channels.join(user, id) };
  }

  @Post('channels/:id/leave')
  @HttpCode(200)
  async leave(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.channels.leave(user, id);
    return { message: 'Unsubscribed' };
  }

  @Get('channels/:id/members')
  @Public()
  members(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto, @CurrentUser() viewer: User | undefined) {
    const { page, perPage } = q.window(24);
    return this.channels.members(id, viewer, page, perPage);
  }

  /** The owner invites someone by user id (from the picker) or by handle. */
  @Post('channels/:id/invites')
  @Authorize('channel.own')
  @HttpCode(201)
  async invite(@Param('id', UuidPipe) id: string, @Body() body: ChannelInviteDto, @CurrentUser() user: User) {
    await this.limit('invite', user);
    await this.invitations.invite(user, id, body);
    return { message: 'Invitation sent' };
  }

  /** Unanswered invitations of the channel (owner only). */
  @Get('channels/:id/invites')
  invitees(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(24);
    return this.invitations.invitees(user, id, page, perPage);
  }

  /** The owner withdraws an invitation. */
  @Delete('channels/:id/invites/:userId')
  async withdraw(
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) userId: string,
    @CurrentUser() user: User,
  ) {
    await this.invitations.withdraw(user, id, userId);
    return { message: 'Invitation withdrawn' };
  }

  /** People to invite, by part of their handle or name (owner only). */
  @Get('channels/:id/invite-candidates')
  async candidates(
    @Param('id', UuidPipe) id: string,
    @Query() q: ChannelCandidatesQueryDto,
    @CurrentUser() user: User,
  ) {
    await this.limit('search', user);
    return { data: await this.invitations.candidates(user, id, q.q) };
  }

  /** The invited person declines (accepting is joining). */
  @Post('channels/:id/decline')
  @HttpCode(200)
  async decline(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.invitations.decline(user, id);
    return { message: 'Invitation declined' };
  }

  /** The signed-in user's open channel invitations, newest first. */
  @Get('channel-invitations')
  myInvitations(@Query() q: PageQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(24);
    return this.invitations.mine(user, page, perPage);
  }

  @Delete('channels/:id/members/:userId')
  async removeMember(
    @Param('id', UuidPipe) id: string,
    @Param('userId', UuidPipe) userId: string,
    @CurrentUser() user: User,
  ) {
    await this.channels.removeMember(user, id, userId);
    return { message: 'Member removed' };
  }

  /** The channel's messages, newest first (keyset: pass the answer's next_cursor). */
  @Get('channels/:id/messages')
  @Public()
  history(
    @Param('id', UuidPipe) id: string,
    @Query() q: ChannelHistoryQueryDto,
    @CurrentUser() viewer: User | undefined,
  ) {
    return this.messages.history(id, viewer, q.cursor);
  }

  @Post('channels/:id/messages')
  @Authorize('channel.write')
  @HttpCode(201)
  async post(
    @Param('id', UuidPipe) id: string,
    @Body() body: ChannelMessageDto,
    @CurrentUser() user: User,
    @Req() req: Request,
  ) {
    await this.limit('message', user);
    const message = await this.messages.post(user, id, body.body_html, socketIdFrom(req));
    return { message: message.moderation === 'pending' ? 'Your message waits for a moderator' : 'Sent', data: message };
  }

  @Get('messages/:id')
  @Public()
  async message(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    return { data: (await this.messages.show(id, viewer)).message };
  }

  @Delete('messages/:id')
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.messages.remove(user, id);
    return { message: 'Message deleted' };
  }

  @Post('messages/:id/flag')
  @HttpCode(200)
  async flag(@Param('id', UuidPipe) id: string, @Body() body: FlagDto, @CurrentUser() user: User) {
    await this.limit('flag', user);
    return this.messages.flag(user, id, body.reason);
  }
}
