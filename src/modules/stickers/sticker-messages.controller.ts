import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import type { Message } from '../../contracts/chats';
import { CurrentUser } from '../auth';
import { ChatsCommandService } from '../chats';
import { socketIdFrom } from '../realtime';
import type { User } from '../users';
import { StickerMessageDto } from './dto/sticker-message.dto';
import { StickersService } from './stickers.service';
import { Authorize } from '../policies';

/**
 * Sending a sticker in chat: a chat message of type `sticker` carrying the sticker as it was sent. Only stickers of
 * enabled packs, free or (paid) owned by the sender; everything else (participants, requests, blocks, the rate limit) is the chats module's send.
 */
@Controller('api/chats')
export class StickerMessagesController {
  constructor(
    private readonly stickers: StickersService,
    private readonly chats: ChatsCommandService,
  ) {}

  @Post(':id/messages/sticker')
  @Authorize('chat.take-part')
  async send(
    @CurrentUser() user: User,
    @Param('id', UuidPipe) chatId: string,
    @Body() body: StickerMessageDto,
    @Req() req: Request,
  ): Promise<{ message: Message }> {
    const s = await this.stickers.usable(user, body.sticker_id);
    const sticker = { id: s.id, name: s.name, url: s.url, thumb_url: s.thumb_url, width: s.width, height: s.height };
    const message = await this.chats.send(
      user,
      chatId,
      { type: 'sticker', content: '', data: { sticker }, clientId: body.client_id },
      socketIdFrom(req),
    );
    return { message };
  }
}
