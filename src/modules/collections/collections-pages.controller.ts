import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { CollectionsService } from './collections.service';

@Controller('collections')
export class CollectionsPagesController {
  constructor(
    private readonly collections: CollectionsService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Get()
  async index(@Query() q: PageQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return Inertia.render('Collections/Index', { collections: await this.collections.page(user, page, perPage) });
  }

  @Get('shared/:token')
  @Public()
  async shared(@Param('token') token: string, @Query() q: PageQueryDto, @Req() req: Request) {
    await this.limiter.hit(`collection-link:${req.ip}`, 60, 60);
    const { page, perPage } = q.window(20);
    return Inertia.render('Collections/Show', { collection: await this.collections.shared(token, page, perPage) });
  }

  @Get(':id')
  async show(@Param('id', UuidPipe) id: string, @Query() q: PageQueryDto, @CurrentUser() user: User) {
    const { page, perPage } = q.window(20);
    return Inertia.render('Collections/Show', { collection: await this.collections.show(user, id, page, perPage) });
  }
}
