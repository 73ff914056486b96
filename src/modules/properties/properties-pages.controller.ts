import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { mapSettings } from '../../config/market.config';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { DASHBOARD_SORTS, PROPERTY_SECTORS, PROPERTY_STATUSES, PROPERTY_TYPES } from './property.constants';
import { DashboardPageQueryDto, EditorQueryDto } from './dto/property.dto';
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
  dashboard(@Query() query: DashboardPageQueryDto) {
    return Inertia.render('Property/Dashboard', { filters: query.filters(), sorts: DASHBOARD_SORTS });
  }

  /** "New property": the editor with no property yet; its first save creates the draft (POST /api/properties). */
  @Get('properties/new')
  create(@Query() query: EditorQueryDto) {
    return Inertia.render('Property/Editor', this.editorProps(null, query.step));
  }

  @Get('properties/:slug/edit')
  async editor(@Param('slug') slug: string, @Query() query: EditorQueryDto, @CurrentUser() user: User) {
    const property = await this.properties.getEditable(slug, user);
    return Inertia.render('Property/Editor', this.editorProps(property.slug, query.step));
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
    const { property: full, photos } = await this.properties.withPhotos(property, viewer);
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
