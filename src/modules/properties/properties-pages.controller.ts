import { Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import { mapSettings } from '../market';
import type { User } from '../users';
import { DASHBOARD_SORTS, PROPERTY_SECTORS, PROPERTY_STATUSES, PROPERTY_TYPES } from './property.constants';
import { DashboardPageQueryDto, EditorQueryDto } from './dto/property.dto';
import { PropertiesService } from './properties.service';

export const EDITOR_STEPS = ['address', 'details', 'price', 'components', 'media', 'publish'] as const;

/** Property pages: realtor dashboard, editor, public page, share page. */
@Controller()
export class PropertiesPagesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get('properties')
  dashboard(@Query() query: DashboardPageQueryDto) {
    return Inertia.render('Property/Dashboard', { filters: query.filters(), sorts: DASHBOARD_SORTS });
  }

  /** "New property": a draft, then its editor. */
  @Post('properties')
  async create(@CurrentUser() user: User, @Res() res: Response) {
    const property = await this.properties.create(user);
    res.redirect(303, `/properties/${property.slug}/edit`);
  }

  @Get('properties/:slug/edit')
  async editor(@Param('slug') slug: string, @Query() query: EditorQueryDto, @CurrentUser() user: User) {
    const property = await this.properties.getEditable(slug, user);
    return Inertia.render('Property/Editor', {
      slug: property.slug,
      step: EDITOR_STEPS.includes(query.step as never) ? query.step : 'address',
      steps: EDITOR_STEPS,
      options: { types: PROPERTY_TYPES, sectors: PROPERTY_SECTORS, statuses: PROPERTY_STATUSES },
      map: mapSettings(),
    });
  }

  @Get('properties/:slug')
  @Public()
  async show(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    const property = await this.properties.getVisible(slug, viewer);
    const [full, photos] = await Promise.all([
      this.properties.full(property, viewer),
      this.properties.photos(property),
    ]);
    return Inertia.render('Property/Show', { property: full, photos, map: mapSettings() });
  }

  @Get('share/property/:slug')
  @Public()
  async share(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    const property = await this.properties.getVisible(slug, viewer);
    const [summary] = await this.properties.summaries([property]);
    return Inertia.render('Share/Show', { property: summary, path: `/properties/${property.slug}` });
  }
}
