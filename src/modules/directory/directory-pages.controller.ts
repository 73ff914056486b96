import { Controller, Get, Param, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { DirectoryReviewsService } from './directory-reviews.service';
import { DirectoryService } from './directory.service';
import { DirectoryQueryDto } from './dto/directory.dto';

/** Industries/Index, ServiceProviders/Index, Show and Edit (the provider's own profile), Offerings/Index. */
@Controller()
export class DirectoryPagesController {
  constructor(
    private readonly directory: DirectoryService,
    private readonly reviews: DirectoryReviewsService,
  ) {}

  @Get('industries')
  @Public()
  async industries() {
    return Inertia.render('Industries/Index', { industries: await this.directory.industries() });
  }

  @Get('service-providers')
  @Public()
  async providers(@Query() q: DirectoryQueryDto) {
    const [providers, industries] = await Promise.all([this.directory.providers(q), this.directory.industries()]);
    return Inertia.render('ServiceProviders/Index', { providers, industries, filters: filtersOf(q) });
  }

  @Get('service-providers/:id')
  @Public()
  async provider(@Param('id', UuidPipe) id: string, @CurrentUser() viewer: User | undefined) {
    const provider = await this.directory.provider(id, viewer);
    const [reviews, standing] = await Promise.all([this.reviews.page(id, 1, 20), this.reviews.standing(id, viewer)]);
    return Inertia.render('ServiceProviders/Show', { provider, reviews, standing });
  }

  @Get('service-profile/edit')
  async edit(@CurrentUser() user: User) {
    const [provider, industries] = await Promise.all([this.directory.mine(user), this.directory.industries()]);
    return Inertia.render('ServiceProviders/Edit', { provider, industries });
  }

  @Get('offerings')
  @Public()
  async offerings(@Query() q: DirectoryQueryDto) {
    const [offerings, industries] = await Promise.all([this.directory.offerings(q), this.directory.industries()]);
    return Inertia.render('Offerings/Index', { offerings, industries, filters: filtersOf(q) });
  }
}

function filtersOf(q: DirectoryQueryDto) {
  return {
    q: q.q ?? '',
    industry: q.industry ?? '',
    city: q.city ?? '',
    near: q.near ?? '',
    within_km: q.within_km ? String(q.within_km) : '',
  };
}
