import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseEnumPipe,
  Post,
  Put,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser } from '../auth';
import type { User } from '../users';
import { DesignChatService } from './design-chat.service';
import { DesignEditStateService } from './design-edit-state.service';
import { DreamsService } from './dreams.service';
import { DesignChatModerationService } from './design-chat-moderation.service';
import { toPromptJson } from './designs.mapper';
import { DesignsService, UploadedImage } from './designs.service';
import {
  ChatMessageDto,
  DesignListQueryDto,
  DreamListQueryDto,
  EditStateDto,
  FavoriteDto,
  GenerateDesignDto,
  RegenerateDesignDto,
  ReportChatMessageDto,
  RetryDesignDto,
  SaveDreamDto,
  SavePromptDto,
} from './dto/designs.dto';
import { DESIGN_SIDES, DesignSide } from './entities';
import { Authorize } from '../policies';

/** Spec 7 "Designs" plus the designer's own calls (gallery, favorites, share, edit state, chat, dreams). */
@Controller('api')
export class DesignsApiController {
  constructor(
    private readonly designs: DesignsService,
    private readonly editStates: DesignEditStateService,
    private readonly savedDreams: DreamsService,
    private readonly chats: DesignChatService,
    private readonly moderation: DesignChatModerationService,
  ) {}

  @Post('designs/generate')
  @HttpCode(201)
  @UseInterceptors(FileInterceptor('image')) // limits: MulterModule options in designs.module.ts
  async generate(
    @CurrentUser() user: User,
    @UploadedFile() image: UploadedImage | undefined,
    @Body() body: GenerateDesignDto,
  ) {
    const design = await this.designs.generate(user, image, body);
    return { message: 'Design generation started', design: this.designs.toJson(design) };
  }

  @Post('designs/regenerate')
  @HttpCode(201)
  async regenerate(@CurrentUser() user: User, @Body() body: RegenerateDesignDto) {
    const design = await this.designs.regenerate(user, body);
    return { message: 'Design regeneration started', design: this.designs.toJson(design) };
  }

  @Get('designs/prompts')
  async prompts(@CurrentUser() user: User) {
    return { prompts: (await this.designs.prompts(user)).map(toPromptJson) };
  }

  @Post('designs/prompts')
  @HttpCode(201)
  async savePrompt(@CurrentUser() user: User, @Body() body: SavePromptDto) {
    return { message: 'Prompt saved successfully!', prompt: toPromptJson(await this.designs.savePrompt(user, body)) };
  }

  @Delete('designs/prompts/:id')
  async deletePrompt(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    await this.designs.deletePrompt(user, id);
    return { message: 'Prompt deleted' };
  }

  @Get('designs')
  list(@CurrentUser() user: User, @Query() q: DesignListQueryDto) {
    const { page, perPage } = q.window(12);
    return this.designs.list(user, { page, perPage, favorites: q.onlyFavorites() });
  }

  @Get('designs/:id')
  async show(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { design: this.designs.toJson(await this.designs.viewable(user, id)) };
  }

  @Post('designs/:id/retry')
  @Authorize('design.change')
  @HttpCode(200)
  async retry(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Body() body: RetryDesignDto) {
    const design = await this.designs.retry(user, id, body.generated_design);
    return { message: 'Retrying design generation...', design: this.designs.toJson(design) };
  }

  @Post('designs/:id/favorite')
  @Authorize('design.change')
  @HttpCode(200)
  async favorite(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Body() body: FavoriteDto) {
    const design = await this.designs.setFavorite(user, id, body.favorite);
    return {
      message: design.favorite ? 'Added to favorites' : 'Removed from favorites',
      design: this.designs.toJson(design),
    };
  }

  @Delete('designs/:id')
  async remove(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    await this.designs.remove(user, id);
    return { message: 'Design deleted' };
  }

  @Post('designs/:id/share')
  @HttpCode(200)
  async share(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    const design = this.designs.toJson(await this.designs.share(user, id));
    return { message: 'Share link ready', share_url: design.share_url, design };
  }

  @Delete('designs/:id/share')
  async unshare(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { message: 'Sharing turned off', design: this.designs.toJson(await this.designs.unshare(user, id)) };
  }

  @Get('designs/:id/edit-state')
  editState(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return this.editStates.editState(user, id);
  }

  @Put('designs/:id/edit-state/:side')
  @Authorize('design.edit')
  async saveEditState(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @Param('side', new ParseEnumPipe(DESIGN_SIDES)) side: DesignSide,
    @Body() body: EditStateDto,
  ) {
    return { message: 'Saved', state: await this.editStates.saveEditState(user, id, side, body) };
  }

  @Post('designs/:id/edit-sessions/:side')
  @HttpCode(201)
  async startSession(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @Param('side', new ParseEnumPipe(DESIGN_SIDES)) side: DesignSide,
  ) {
    return { session: await this.editStates.startSession(user, id, side) };
  }

  @Post('designs/:id/edit-sessions/:sessionId/end')
  @HttpCode(200)
  async endSession(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @Param('sessionId', UuidPipe) sessionId: string,
  ) {
    return { session: await this.editStates.endSession(user, id, sessionId) };
  }

  @Get('designs/:id/chat')
  async chat(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { messages: await this.chats.chat(user, id), assistant: this.chats.chatProvider };
  }

  @Post('designs/:id/chat')
  @Authorize('design.change')
  @HttpCode(201)
  ask(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Body() body: ChatMessageDto) {
    return this.chats.ask(user, id, body.message);
  }

  /** Reports a message of the design chat to the moderators (once per person and message). */
  @Post('designs/:id/chat/:messageId/report')
  @Authorize('design.change')
  @HttpCode(202)
  async report(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @Param('messageId', UuidPipe) messageId: string,
    @Body() body: ReportChatMessageDto,
  ): Promise<{ message: string }> {
    await this.moderation.report(user, id, messageId, body.reason);
    return { message: 'Thanks: a moderator will look at it.' };
  }

  // ---- dreams (spec 7: data.dream / data.dreams) ----

  @Get('dreams')
  async dreams(@CurrentUser() user: User, @Query() q: DreamListQueryDto) {
    const { page, perPage } = q.window(20);
    const { dreams, ...pagination } = await this.savedDreams.dreams(user, page, perPage);
    return { data: { dreams, ...pagination } };
  }

  @Post('dreams')
  @HttpCode(201)
  async saveDream(@CurrentUser() user: User, @Body() body: SaveDreamDto) {
    return { message: 'Saved to your dreams', data: { dream: await this.savedDreams.saveDream(user, body) } };
  }

  @Get('dream/:id')
  async dream(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { data: { dream: await this.savedDreams.dream(user, id) } };
  }

  @Delete('dream/:id')
  async deleteDream(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    await this.savedDreams.deleteDream(user, id);
    return { message: 'Dream removed' };
  }
}
