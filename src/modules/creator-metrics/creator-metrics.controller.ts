import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { CreatorMetricsJson, PlaybackRecorded } from '../../contracts/creator-metrics';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { BEACONS_PER_MINUTE } from './creator-metrics.constants';
import { CreatorMetricsService } from './creator-metrics.service';
import { CreatorMetricsQueryDto, PlaybackBeaconDto } from './dto/creator-metrics.dto';

/** A creator's own Metrics page and its series, and the play beacons of spot and walkthrough players. */
@Controller()
export class CreatorMetricsController {
  constructor(
    private readonly metrics: CreatorMetricsService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Get('metrics')
  async page(@CurrentUser() user: User, @Query() query: CreatorMetricsQueryDto) {
    return Inertia.render('Metrics/Creator', { metrics: await this.metrics.own(user, query) });
  }

  /** The signed-in creator's views, watch time, completion, follower growth, design shares and inquiries. */
  @Get('api/metrics/creator')
  own(@CurrentUser() user: User, @Query() query: CreatorMetricsQueryDto): Promise<CreatorMetricsJson> {
    return this.metrics.own(user, query);
  }

  /** One creator's metrics: the creator themselves or an admin (another user gets 403). */
  @Get('api/metrics/creators/:userId')
  of(
    @CurrentUser() user: User,
    @Param('userId', UuidPipe) userId: string,
    @Query() query: CreatorMetricsQueryDto,
  ): Promise<CreatorMetricsJson> {
    return this.metrics.of(user, userId, query);
  }

  /** A spot player's report on a play (once a day per viewer; watch time and completion kept at their furthest). */
  @Post('api/spot/:slug/views')
  @Public()
  @HttpCode(200)
  async spotPlay(
    @Param('slug') slug: string,
    @Body() dto: PlaybackBeaconDto,
    @Req() req: Request,
  ): Promise<PlaybackRecorded> {
    await this.limiter.hit(`creator-play:${req.ip}`, BEACONS_PER_MINUTE, 60);
    return this.metrics.recordPlay('spot', slug, req.user, req.sessionID ?? req.ip ?? 'anonymous', dto);
  }

  /** A walkthrough player's report on a play (as for spots). */
  @Post('api/walkthrough/:slug/views')
  @Public()
  @HttpCode(200)
  async walkthroughPlay(
    @Param('slug') slug: string,
    @Body() dto: PlaybackBeaconDto,
    @Req() req: Request,
  ): Promise<PlaybackRecorded> {
    await this.limiter.hit(`creator-play:${req.ip}`, BEACONS_PER_MINUTE, 60);
    return this.metrics.recordPlay('walkthrough', slug, req.user, req.sessionID ?? req.ip ?? 'anonymous', dto);
  }
}
