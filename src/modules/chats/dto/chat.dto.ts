import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  ValidateNested,
} from 'class-validator';
import { FilledText, Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { isUuid } from '../../../common/uuid.pipe';
import { CHAT_TABS, MESSAGE_MAX_LENGTH, type ChatTab } from '../chats.constants';

const toBool = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' || value === 1
    ? true
    : value === 'false' || value === '0' || value === 0
      ? false
      : value;

/** The chats page: an unknown tab shows the default one, a malformed chat id opens nothing (never an error). */
export class ChatsPageQueryDto {
  @IsOptional() @IsString() tab?: string;
  @IsOptional() @IsString() chat?: string;
  /** Someone to chat with (the profile's "Message" button). */
  @IsOptional() @IsString() user?: string;

  currentTab(): ChatTab {
    return (CHAT_TABS as readonly string[]).includes(this.tab ?? '') ? (this.tab as ChatTab) : 'chats';
  }

  openChatId(): string | null {
    return this.chat && isUuid(this.chat) ? this.chat : null;
  }
}

export class ChatsListQueryDto extends PageQueryDto {
  /** A previous page's `next_cursor`: the chats below its last one (keyset). */
  @IsOptional() @Text(120) cursor?: string;
}

export class FilteredChatsQueryDto extends ChatsListQueryDto {
  @IsOptional()
  @IsIn(CHAT_TABS as unknown as string[], { message: 'type must be one of chats, muted, blocked, requested.' })
  type?: ChatTab;
}

export class MessagesQueryDto extends PageQueryDto {
  /** Cursor for scroll-up history: messages older than this message id. */
  @IsOptional() @IsUUID('all', { message: 'before must be a message id.' }) before?: string;
}

/** A snapshot of a listing as it was shared (the card keeps showing even if the listing changes). */
export class ListingSnapshotDto {
  @FilledText(200) @Trim() title!: string;
  @IsOptional() @Text(60) price?: string;
  @IsOptional() @Text(300) address?: string;
  /** An image on our own media server or https. */
  @IsOptional()
  @Text(1000)
  @Matches(/^(\/media\/|https:\/\/)/, { message: 'image_url must be a /media/ or https address.' })
  image_url?: string;
  /** A path inside the app. */
  @IsOptional()
  @Text(500)
  @Matches(/^\/(?!\/)/, { message: 'url must be a path inside the app.' })
  url?: string;
}

export class StartChatDto {
  @IsOptional() @IsUUID('all', { message: 'Choose who to chat with.' }) user_id?: string;
  /** Or their @handle (the chats page's "New chat" box). */
  @IsOptional()
  @Text(40)
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().replace(/^@/, '').toLowerCase() : value))
  handle?: string;
  /** A group chat: other members' ids and a name. */
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(50) @IsUUID('all', { each: true }) user_ids?: string[];
  @IsOptional() @Text(120) @Trim() name?: string;
  /** Optional first message. */
  @IsOptional() @Text(MESSAGE_MAX_LENGTH) @Trim() message?: string;
  /** Optional listing to share as the first message (chat started from a listing). */
  @IsOptional() @Text(100) listing_id?: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ListingSnapshotDto) listing?: ListingSnapshotDto;
}

export class SendMessageDto {
  @IsOptional()
  @IsIn(['text', 'listing'], { message: 'type must be text or listing (images are uploaded to /image).' })
  type?: 'text' | 'listing';
  @IsOptional()
  @Text(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`)
  @Trim()
  content?: string;
  @IsOptional() @Text(100) listing_id?: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ListingSnapshotDto) listing?: ListingSnapshotDto;
  /** Client-made id so an optimistic message can be matched with the stored one. */
  @IsOptional() @Text(64) client_id?: string;
}

export class ImageMessageDto {
  @IsOptional() @Text(MESSAGE_MAX_LENGTH) @Trim() content?: string;
  @IsOptional() @Text(64) client_id?: string;
}

export class RespondDto {
  @Transform(toBool) @IsBoolean({ message: 'accept must be true or false.' }) accept!: boolean;
}
