import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { FileInterceptor } from '@nestjs/platform-express';
import { ValidationFailedException } from '../../common/validation';
import type { Request, Response } from 'express';
import { cacheForViewer } from '../../common/http-cache';
import { CurrentUser, Public } from '../auth';
import { CurrentTeamService } from '../teams';
import type { User } from '../users';
import {
  AnimationsDto,
  ComponentDto,
  CreatePropertyDto,
  DashboardQueryDto,
  PublishDto,
  UpdatePropertyDto,
  UploadPhotoDto,
} from './dto/property.dto';
import { paginate } from '../../common/pagination';
import { COMPONENT_TYPES, MAX_PAGE_SIZE, PHOTO_MAX_BYTES, PUBLISH_FILTERS, PublishFilter } from './property.constants';
import { PropertiesService } from './properties.service';
import { PropertyUploadsService } from './property-uploads.service';
import { Authorize } from '../policies';

/** The property side of the properties and listings API, and GET /api/currency/. */
@Controller('api')
export class PropertiesApiController {
  constructor(
    private readonly properties: PropertiesService,
    private readonly uploads: PropertyUploadsService,
    private readonly currentTeam: CurrentTeamService,
  ) {}

  /** The editor's first save: creates the draft (with its listing) from the fields of the step being saved. */
  @Post('properties')
  @HttpCode(201)
  async create(@Body() body: CreatePropertyDto, @CurrentUser() user: User) {
    const { name, ...details } = body;
    const property = await this.properties.create(user, name, details);
    return { message: 'Property created', property: await this.properties.full(property, user) };
  }

  /** Realtor dashboard: publish (not when all), trimmed search, sort, count; answer `properties` (+ counts per state). */
  @Get('properties/dashboard/realtor')
  async dashboard(@Query() query: DashboardQueryDto, @CurrentUser() user: User, @Req() req: Request) {
    const teamId = await this.currentTeam.scopeTeamId(req, query.scope);
    return this.properties.dashboard(user, query, '/api/properties/dashboard/realtor', teamId);
  }

  /** GET /api/properties/{publish}/paginate/{count}?page=&search=&sort= */
  @Get('properties/:publish/paginate/:count')
  async paginateByState(
    @Param('publish') publish: string,
    @Param('count') count: string,
    @Query() query: DashboardQueryDto,
    @CurrentUser() user: User,
    @Req() req: Request,
  ) {
    if (!PUBLISH_FILTERS.includes(publish as PublishFilter))
      throw ValidationFailedException.of('publish', 'Choose a valid publish filter.');
    const size = Number(count);
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
      throw ValidationFailedException.of('count', `The count must be between 1 and ${MAX_PAGE_SIZE}.`);
    const result = await this.properties.dashboard(
      user,
      Object.assign(query, { publish: publish as PublishFilter, count: size }),
      `/api/properties/${publish}/paginate/${size}`,
      await this.currentTeam.scopeTeamId(req, query.scope),
    );
    // The page route carries publish and count in its path: keep them out of the query string.
    const { properties: page } = result;
    const params = { search: query.search?.trim(), sort: query.sort, scope: query.scope };
    return { properties: paginate(page.data, page.total, page.current_page, page.per_page, page.path, params) };
  }

  /** A property by slug: a guest's answer is public and revalidated by its ETag (304), a signed-in viewer's private. */
  @Get('properties/:slug')
  @Public()
  async show(
    @Param('slug') slug: string,
    @CurrentUser() viewer: User | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    cacheForViewer(req, res, !!viewer);
    const property = await this.properties.getVisible(slug, viewer);
    return { property: await this.properties.full(property, viewer) };
  }

  /** Fields left undefined are dropped (only the fields sent change). */
  @Post('properties/:slug')
  @Authorize('property.edit', 'slug')
  @HttpCode(200)
  async update(@Param('slug') slug: string, @Body() body: UpdatePropertyDto, @CurrentUser() user: User) {
    const property = await this.properties.getEditable(slug, user);
    if (body.publish !== undefined && body.publish !== property.publish) {
      await this.properties.assertCanPublish(property, user);
    }
    const updated = await this.properties.update(property, body);
    return { message: 'Property updated', property: await this.properties.full(updated, user) };
  }

  @Post('properties/:slug/publish')
  @Authorize('property.edit', 'slug')
  @HttpCode(200)
  async publish(@Param('slug') slug: string, @Body() body: PublishDto, @CurrentUser() user: User) {
    const property = await this.properties.getEditable(slug, user);
    await this.properties.assertCanPublish(property, user);
    const updated = await this.properties.setPublish(property, body.publish);
    return { message: updated.publish ? 'Property published' : 'Property unpublished', publish: updated.publish };
  }

  @Post('properties/:slug/animations')
  @Authorize('property.edit', 'slug')
  @HttpCode(200)
  async animations(@Param('slug') slug: string, @Body() body: AnimationsDto, @CurrentUser() user: User) {
    const property = await this.properties.getEditable(slug, user);
    return { message: 'Animations saved', animations: await this.properties.setAnimations(property, body.animations) };
  }

  @Get('properties/:slug/component/:type')
  @Public()
  async component(@Param('slug') slug: string, @Param('type') type: string, @CurrentUser() viewer: User | undefined) {
    const property = await this.properties.getVisible(slug, viewer);
    if (!(COMPONENT_TYPES as readonly string[]).includes(type))
      throw ValidationFailedException.of('type', `Choose one of: ${COMPONENT_TYPES.join(', ')}.`);
    return { component: await this.properties.getComponent(property, type) };
  }

  /** Photo upload (multipart field `photo`, optional component_id and featured). */
  @Post('properties/:slug/uploads')
  @Authorize('property.edit', 'slug')
  @HttpCode(201)
  @UseInterceptors(FileInterceptor('photo', { limits: { fileSize: PHOTO_MAX_BYTES * 2, files: 1, fields: 10 } }))
  async upload(
    @Param('slug') slug: string,
    @UploadedFile() file: UploadedPhoto | undefined,
    @Body() body: UploadPhotoDto,
    @CurrentUser() user: User,
  ) {
    const property = await this.properties.getEditable(slug, user);
    const upload = await this.uploads.upload(property, user, file?.buffer, {
      componentId: body.component_id,
      featured: body.featured,
    });
    return { message: 'Photo uploaded', upload };
  }

  /** Everything the editor and the public page load at once. */
  @Get('property/:slug/resources')
  @Public()
  async resources(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    const property = await this.properties.getVisible(slug, viewer);
    const [{ property: full, photos }, currencies] = await Promise.all([
      this.properties.withPhotos(property, viewer),
      this.properties.currencyList(),
    ]);
    return { property: full, photos, currencies, component_types: COMPONENT_TYPES };
  }

  @Get('property/:slug/featured-image')
  @Public()
  async featuredImage(@Param('slug') slug: string, @CurrentUser() viewer: User | undefined) {
    const property = await this.properties.getVisible(slug, viewer);
    return { featured_image: await this.properties.featuredImage(property) };
  }

  @Post('component/:id')
  @Authorize('property-component.edit')
  @HttpCode(200)
  async updateComponent(@Param('id', UuidPipe) id: string, @Body() body: ComponentDto, @CurrentUser() user: User) {
    return { message: 'Component saved', component: await this.properties.updateComponent(id, user, body.content) };
  }

  @Delete('upload/:id')
  async deleteUpload(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.uploads.delete(id, user);
    return { message: 'Photo deleted' };
  }

  @Get('currency')
  @Public()
  async currency() {
    return { currencies: await this.properties.currencyList() };
  }
}

/** The part of multer's file object used here (memory storage). */
interface UploadedPhoto {
  buffer: Buffer;
  size: number;
  originalname: string;
}
