import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { CurrentUser, Public } from '../auth/auth.decorators';
import { Inertia } from '../inertia/inertia';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { mapSettings } from '../../config/market.config';
import type { User } from '../users/user.entity';
import {
  DASHBOARD_SORTS,
  PROPERTY_SECTORS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PUBLISH_FILTERS,
} from './property.constants';
import { PropertiesService } from './properties.service';

export const EDITOR_STEPS = ['address', 'details', 'price', 'components', 'media', 'publish'] as const;

/** Property pages: realtor dashboard, editor, public page, share page. */
@Controller()
export class PropertiesPagesController {
  constructor(
    private readonly properties: PropertiesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('properties')
  dashboard(
    @Query('publish') publish?: string,
    @Query('search') search?: string,
    @Query('sort') sort?: string,
    @Query('scope') scope?: string,
  ) {
    return Inertia.render('Property/Dashboard', {
      filters: {
        publish: PUBLISH_FILTERS.includes(publish as never) ? publish : 'all',
        search: typeof search === 'string' ? search : '',
        sort: DASHBOARD_SORTS.includes(sort as never) ? sort : 'newest',
        scope: scope === 'team' ? 'team' : 'mine',
      },
      sorts: DASHBOARD_SORTS,
    });
  }

  /** "New property": the editor with no property yet; its first save creates the draft (POST /api/properties). */
  @Get('properties/new')
  create(@Query('step') step?: string) {
    return Inertia.render('Property/Editor', this.editorProps(null, step));
  }

  @Get('properties/:slug/edit')
  async editor(@Param('slug') slug: string, @Query('step') step: string | undefined, @CurrentUser() user: User) {
    const property = await this.properties.getEditable(slug, user);
    return Inertia.render('Property/Editor', this.editorProps(property.slug, step));
  }

  private editorProps(slug: string | null, step: string | undefined) {
    return {
      slug,
      step: EDITOR_STEPS.includes(step as never) ? step : 'address',
      steps: EDITOR_STEPS,
      options: { types: PROPERTY_TYPES, sectors: PROPERTY_SECTORS, statuses: PROPERTY_STATUSES },
      map: mapSettings(this.config.market),
    };
  }

  @Get('properties/:slug')
  @Public()
  async show(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    const property = await this.properties.getVisible(slug, viewer);
    const [full, photos] = await Promise.all([
      this.properties.full(property, viewer),
      this.properties.photos(property),
    ]);
    return Inertia.render('Property/Show', { property: full, photos, map: mapSettings(this.config.market) });
  }

  @Get('share/property/:slug')
  @Public()
  async share(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    const property = await this.properties.getVisible(slug, viewer);
    const [summary] = await this.properties.summaries([property]);
    return Inertia.render('Share/Show', { property: summary, path: `/properties/${property.slug}` });
  }
}
