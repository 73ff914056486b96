import { Controller, Get, Query } from '@nestjs/common';
import type { OpenCreativeManagersProps } from '../../contracts/open-creative';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { ManagersQueryDto } from './dto/open-creative.dto';
import { OpenCreativeService } from './open-creative.service';

/** OpenCreative/Managers: the marketplace for everyone; the caller's listing, grants and activity when signed in. */
@Controller()
export class OpenCreativePagesController {
  constructor(private readonly creative: OpenCreativeService) {}

  @Get('open-creative/managers')
  @Public()
  async managers(@Query() q: ManagersQueryDto, @CurrentUser() user: User | undefined) {
    const [managers, mine, given, received, activity] = await Promise.all([
      this.creative.managers(q),
      user ? this.creative.mine(user) : null,
      user ? this.creative.grants(user, 'given', 1, 20) : null,
      user ? this.creative.grants(user, 'received', 1, 20) : null,
      user ? this.creative.activity(user, 'given', 1, 20) : null,
    ]);
    const props: OpenCreativeManagersProps = {
      managers,
      filters: { q: q.q ?? '', skill: q.skill ?? '' },
      mine,
      given,
      received,
      activity,
    };
    return Inertia.render('OpenCreative/Managers', { ...props });
  }
}
