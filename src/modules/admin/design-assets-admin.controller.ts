import { Body, Controller, Get, Param, Patch, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { UuidPipe } from '../../common/uuid.pipe';
import { DESIGN_ASSET_CATEGORIES, type DesignAssetJson } from '../../contracts/admin-content';
import type { Page } from '../../contracts/common';
import { Roles } from '../auth';
import { DesignAssetsService } from '../designs';
import { Inertia } from '../inertia';
import { AuditActor, uploadedBytes } from './audit-context';
import { type AuditContext, AuditService } from './audit.service';
import { CreateDesignAssetDto, DesignAssetsQueryDto, UpdateDesignAssetDto } from './dto/content.dto';

/** Admin DesignAssets: the AI designer's catalogue (room types, designers, locations, themes, colours). */
@Controller()
@Roles('admin')
export class DesignAssetsAdminController {
  constructor(
    private readonly assets: DesignAssetsService,
    private readonly audit: AuditService,
  ) {}

  @Get('admin/design-assets')
  async page(@Query() query: DesignAssetsQueryDto) {
    return Inertia.render('Admin/DesignAssets', {
      assets: await this.list(query),
      filters: { category: query.category ?? '', q: query.q ?? '' },
      categories: [...DESIGN_ASSET_CATEGORIES],
    });
  }

  /** The catalogue by category and name, paged; disabled assets included. */
  @Get('api/admin/design-assets')
  list(@Query() query: DesignAssetsQueryDto): Promise<Page<DesignAssetJson>> {
    const { page, perPage } = query.window(50);
    return this.assets.page({ category: query.category, q: query.q || undefined }, page, perPage);
  }

  @Post('api/admin/design-assets')
  async create(
    @Body() body: CreateDesignAssetDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; asset: DesignAssetJson }> {
    const { category, ...write } = body;
    const hook = this.audit.hook(actor, 'design_asset.created', 'design_asset');
    return { message: 'Asset added', asset: await this.assets.create(category, write, hook) };
  }

  /** Renames, reorders, enables or disables an asset, or changes its prompt fragment or colours. */
  @Patch('api/admin/design-assets/:id')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() body: UpdateDesignAssetDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; asset: DesignAssetJson }> {
    const hook = this.audit.hook(actor, 'design_asset.updated', 'design_asset');
    return { message: 'Saved', asset: await this.assets.update(id, body, hook) };
  }

  /** Uploads the asset's preview image (jpeg, png or webp up to 5 MB). */
  @Post('api/admin/design-assets/:id/preview')
  @UseInterceptors(FileInterceptor('preview', { limits: { fileSize: 10 * 1024 * 1024, files: 1 } }))
  async preview(
    @Param('id', UuidPipe) id: string,
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; asset: DesignAssetJson }> {
    const hook = this.audit.hook(actor, 'design_asset.updated', 'design_asset');
    return {
      message: 'Preview saved',
      asset: await this.assets.uploadPreview(id, uploadedBytes(file, 'preview'), hook),
    };
  }
}
