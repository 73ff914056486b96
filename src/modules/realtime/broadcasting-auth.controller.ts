import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../auth';
import { UsersService } from '../users';
import type { ChannelAuthResponse, UserAuthResponse } from './core';
import { ChannelAuthorizationService } from './channel-authorization.service';
import '../../common/session.types';

/** pusher-js / Echo ask here before joining a private, presence or encrypted channel. */
@Controller('broadcasting')
export class BroadcastingAuthController {
  constructor(
    private readonly authorization: ChannelAuthorizationService,
    private readonly users: UsersService,
  ) {}

  // Public so a guest gets the 403 pusher-js expects rather than a login redirect.
  @Public()
  @Post('auth')
  @HttpCode(200)
  async auth(
    @Req() req: Request,
    @Body() body: { socket_id?: unknown; channel_name?: unknown },
  ): Promise<ChannelAuthResponse> {
    return this.authorization.authorize(await this.sessionUser(req), body?.socket_id, body?.channel_name);
  }

  /** pusher-js `signin()` asks here (Laravel's path), and gets the signed user_data for `pusher:signin`. */
  @Public()
  @Post('user-auth')
  @HttpCode(200)
  async userAuth(@Req() req: Request, @Body() body: { socket_id?: unknown }): Promise<UserAuthResponse> {
    return this.authorization.authenticateUser(await this.sessionUser(req), body?.socket_id);
  }

  private async sessionUser(req: Request) {
    const userId = req.session?.userId;
    return req.user ?? (userId ? await this.users.findById(userId) : null);
  }
}
