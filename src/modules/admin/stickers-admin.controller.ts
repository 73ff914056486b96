import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Patch,
  Post,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import type { StickerJson, StickerPackJson } from '../../contracts/admin-content';
import type { Page } from '../../contracts/common';
import { Roles } from '../auth';
import { Inertia } from '../inertia';
import { STICKER_MAX_BYTES, StickersService } from '../stickers';
import { AuditActor, uploadedBytes } from './audit-context';
import { type AuditContext, AuditService } from './audit.service';
import { StickerPackDto, StickerUploadDto, UpdateStickerPackDto } from './dto/content.dto';

/** Admin Stickers: packs (free or priced) and their stickers, uploaded as images and stored as webp. */
@Controller()
@Roles('admin')
export class StickersAdminController {
  constructor(
    private readonly stickers: StickersService,
    private readonly audit: AuditService,
  ) {}

  @Get('admin/stickers')
  async page(@Query() query: PageQueryDto) {
    return Inertia.render('Admin/Stickers', { packs: await this.list(query) });
  }

  /** Every pack, enabled or not, newest first, with its stickers. */
  @Get('api/admin/sticker-packs')
  list(@Query() query: PageQueryDto): Promise<Page<StickerPackJson>> {
    const { page, perPage } = query.window(12);
    return this.stickers.packs(page, perPage, { enabledOnly: false });
  }

  @Post('api/admin/sticker-packs')
  async create(
    @Body() body: StickerPackDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; pack: StickerPackJson }> {
    const hook = this.audit.hook(actor, 'sticker_pack.created', 'sticker_pack');
    return { message: 'Pack created', pack: await this.stickers.createPack(body, hook) };
  }

  /** Renames, reprices, enables or disables a pack. */
  @Patch('api/admin/sticker-packs/:id')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() body: UpdateStickerPackDto,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; pack: StickerPackJson }> {
    const hook = this.audit.hook(actor, 'sticker_pack.updated', 'sticker_pack');
    return { message: 'Saved', pack: await this.stickers.updatePack(id, body, hook) };
  }

  /** Adds a sticker (png, webp, gif or jpeg up to 1 MB) to the pack. */
  @Post('api/admin/sticker-packs/:id/stickers')
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: 2 * STICKER_MAX_BYTES, files: 1 } }))
  async add(
    @Param('id', UuidPipe) id: string,
    @Body() body: StickerUploadDto,
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @AuditActor() actor: AuditContext,
  ): Promise<{ message: string; sticker: StickerJson }> {
    const hook = this.audit.hook(actor, 'sticker.added', 'sticker_pack', body.name);
    return {
      message: 'Sticker added',
      sticker: await this.stickers.addSticker(id, body.name, uploadedBytes(file, 'image'), hook),
    };
  }

  @Delete('api/admin/stickers/:id')
  async remove(@Param('id', UuidPipe) id: string, @AuditActor() actor: AuditContext): Promise<{ message: string }> {
    await this.stickers.removeSticker(id, this.audit.hook(actor, 'sticker.removed', 'sticker_pack'));
    return { message: 'Sticker removed' };
  }
}
