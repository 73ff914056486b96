import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser } from '../auth';
import type { User } from '../users';
import { MarketingService } from './marketing.service';

/** What a signed-in user does with the announcements shown to them (guests close them in their browser only). */
@Controller('api/announcements')
export class AnnouncementsController {
  constructor(private readonly marketing: MarketingService) {}

  /** Closes the announcement for good for this user, on every device; repeating it is harmless. */
  @Post(':id/dismiss')
  @HttpCode(200)
  async dismiss(@Param('id', UuidPipe) id: string, @CurrentUser() user: User): Promise<{ message: string }> {
    await this.marketing.dismiss(user, id);
    return { message: 'Announcement dismissed' };
  }
}
