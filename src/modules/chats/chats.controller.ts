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
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import { ValidationFailedException } from '../../common/validation';
import { CurrentUser } from '../auth';
import { Inertia } from '../inertia';
import { socketIdFrom } from '../realtime';
import type { User } from '../users';
import { CHAT_IMAGE_MAX_BYTES, CHATS_PAGE_SIZE } from './chats.constants';
import { ChatsCommandService, listingMessage } from './chats-command.service';
import { ChatsQueryService } from './chats-query.service';
import { ListingCardBuilder } from './listing-card';
import {
  ChatsPageQueryDto,
  ChatsListQueryDto,
  FilteredChatsQueryDto,
  ImageMessageDto,
  MessagesQueryDto,
  RespondDto,
  SendMessageDto,
  StartChatDto,
} from './dto/chat.dto';
import { Authorize } from '../policies';

/** The /chats page (Chats/Index). */
@Controller('chats')
export class ChatsPageController {
  constructor(private readonly chats: ChatsQueryService) {}

  @Get()
  async index(@CurrentUser() user: User, @Query() q: ChatsPageQueryDto) {
    const current = q.currentTab();
    // ?user=<id> (the "Message" button on a profile): open the chat with that person, or offer to start it.
    const direct = q.user ? await this.chats.directChatOrRecipient(user.id, q.user) : null;
    const [list, unread] = await Promise.all([
      this.chats.list(user.id, current, 1, CHATS_PAGE_SIZE),
      this.chats.unreadCounts(user.id),
    ]);
    return Inertia.render('Chats/Index', {
      tab: current,
      chats: list,
      unread,
      openChatId: direct?.chatId ?? q.openChatId(),
      startWith: direct?.recipient ?? null,
    });
  }
}

/** Spec 7 "Chats" plus starting chats, sending messages and marking read. */
@Controller('api/chats')
export class ChatsApiController {
  constructor(
    private readonly chats: ChatsQueryService,
    private readonly commands: ChatsCommandService,
    private readonly cards: ListingCardBuilder,
  ) {}

  @Get('unread-count')
  async unreadCount(@CurrentUser() user: User) {
    return this.chats.unreadCounts(user.id);
  }

  @Get('user/:userId/ids')
  async ids(@CurrentUser() user: User, @Param('userId') userId: string) {
    return { ids: await this.chats.chatIds(user.id, userId) };
  }

  @Get('filtered')
  async filtered(@CurrentUser() user: User, @Query() q: FilteredChatsQueryDto) {
    return {
      data: await this.chats.list(user.id, q.type ?? 'chats', q.page ?? 1, q.per_page ?? CHATS_PAGE_SIZE, q.cursor),
    };
  }

  @Get()
  async all(@CurrentUser() user: User, @Query() q: ChatsListQueryDto) {
    return { data: await this.chats.list(user.id, 'all', q.page ?? 1, q.per_page ?? CHATS_PAGE_SIZE, q.cursor) };
  }

  /** Start (or reopen) a chat: `{user_id}` for a direct chat, `{user_ids, name}` for a group; optional first message or listing. */
  @Post()
  async start(
    @CurrentUser() user: User,
    @Body() body: StartChatDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const socketId = socketIdFrom(req);
    // A shared listing's card is built here from its id; whatever card the client sent is ignored.
    const shared = body.listing_id || body.listing ? await this.cards.build(body.listing_id, user) : undefined;
    const first = { message: body.message, listingId: shared?.listingId, listing: shared?.card };
    let result;
    if (body.user_ids?.length) result = await this.commands.startGroup(user, body.user_ids, body.name, first, socketId);
    else if (body.user_id) result = await this.commands.startDirect(user, body.user_id, first, socketId);
    else if (body.handle) result = await this.commands.startByHandle(user, body.handle, first, socketId);
    else throw ValidationFailedException.of('user_id', 'Choose who to chat with.');
    res.status(result.created ? 201 : 200);
    return result;
  }

  @Get(':id')
  async show(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return { chat: await this.chats.get(user.id, id, true) };
  }

  @Get(':id/messages')
  async messages(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Query() q: MessagesQueryDto) {
    return this.chats.messages(user.id, id, { page: q.page, perPage: q.per_page, before: q.before });
  }

  @Post(':id/messages')
  @Authorize('chat.take-part')
  async send(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @Body() body: SendMessageDto,
    @Req() req: Request,
  ) {
    const type = body.type ?? 'text';
    if (type === 'listing') {
      const shared = await this.cards.build(body.listing_id, user);
      const message = await this.commands.send(
        user,
        id,
        { ...listingMessage(shared.listingId, shared.card, body.content), clientId: body.client_id },
        socketIdFrom(req),
      );
      return { message };
    }
    const message = await this.commands.send(
      user,
      id,
      { type: 'text', content: body.content ?? '', clientId: body.client_id },
      socketIdFrom(req),
    );
    return { message };
  }

  @Post(':id/messages/image')
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1 } }))
  async sendImage(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @UploadedFile() file: { buffer: Buffer } | undefined,
    @Body() body: ImageMessageDto,
    @Req() req: Request,
  ) {
    const message = await this.commands.sendImage(
      user,
      id,
      file?.buffer,
      body.content,
      body.client_id,
      socketIdFrom(req),
    );
    return { message };
  }

  @Post(':id/read')
  @HttpCode(200)
  async read(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Req() req: Request) {
    return this.commands.markRead(user.id, id, socketIdFrom(req));
  }

  @Post(':id/toggle-mute')
  @HttpCode(200)
  async toggleMute(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Req() req: Request) {
    return this.commands.toggleMute(user.id, id, socketIdFrom(req));
  }

  @Post(':id/toggle-block')
  @HttpCode(200)
  async toggleBlock(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Req() req: Request) {
    return this.commands.toggleBlock(user.id, id, socketIdFrom(req));
  }

  @Post(':id/respond')
  @Authorize('chat.take-part')
  @HttpCode(200)
  async respond(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) id: string,
    @Body() body: RespondDto,
    @Req() req: Request,
  ) {
    return this.commands.respond(user, id, body.accept, socketIdFrom(req));
  }

  @Delete(':id')
  @HttpCode(200)
  async leave(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Req() req: Request) {
    return this.commands.leave(user, id, socketIdFrom(req));
  }
}
