import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Roles } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { ReviewListQueryDto } from './dto/community.dto';
import { ModerationService } from './moderation.service';
import { TrustService } from './trust.service';

/** The signed-in user's trust level, and the moderators' review queue (API and the admin page). */
@Controller()
export class CommunityController {
  constructor(
    private readonly trust: TrustService,
    private readonly moderation: ModerationService,
  ) {}

  /** The caller's trust level, activity and what the next level needs. */
  @Get('api/community/trust')
  async standing(@CurrentUser() user: User) {
    return { trust: await this.trust.standing(user) };
  }

  @Get('api/community/reviews')
  @Roles('admin')
  reviews(@Query() q: ReviewListQueryDto) {
    const { page, perPage } = q.window(20);
    return this.moderation.list(q.status ?? 'open', page, perPage);
  }

  @Post('api/community/reviews/:id/approve')
  @HttpCode(200)
  async approve(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Approved', review: await this.moderation.decide(user, id, 'approved') };
  }

  @Post('api/community/reviews/:id/reject')
  @HttpCode(200)
  async reject(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    return { message: 'Removed', review: await this.moderation.decide(user, id, 'rejected') };
  }

  @Get('admin/community/reviews')
  @Roles('admin')
  async reviewsPage(@Query() q: ReviewListQueryDto) {
    const { page, perPage } = q.window(20);
    const status = q.status ?? 'open';
    return Inertia.render('Admin/Community/Reviews', {
      page: await this.moderation.list(status, page, perPage),
      status,
    });
  }
}
