import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { isUuid } from '../../../common/uuid.pipe';
import { CHAT_TABS, MESSAGE_MAX_LENGTH, type ChatTab } from '../chats.constants';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
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
  @IsOptional() @IsString() @MaxLength(120) cursor?: string;
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
  @IsString() @IsNotEmpty() @MaxLength(200) @Transform(trim) title!: string;
  @IsOptional() @IsString() @MaxLength(60) price?: string;
  @IsOptional() @IsString() @MaxLength(300) address?: string;
  /** An image on our own media server or https. */
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  @Matches(/^(\/media\/|https:\/\/)/, { message: 'image_url must be a /media/ or https address.' })
  image_url?: string;
  /** A path inside the app. */
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(/^\/(?!\/)/, { message: 'url must be a path inside the app.' })
  url?: string;
}

export class StartChatDto {
  @IsOptional() @IsUUID('all', { message: 'Choose who to chat with.' }) user_id?: string;
  /** Or their @handle (the chats page's "New chat" box). */
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().replace(/^@/, '').toLowerCase() : value))
  handle?: string;
  /** A group chat: other members' ids and a name. */
  @IsOptional() @IsArray() @ArrayMinSize(1) @ArrayMaxSize(50) @IsUUID('all', { each: true }) user_ids?: string[];
  @IsOptional() @IsString() @MaxLength(120) @Transform(trim) name?: string;
  /** Optional first message. */
  @IsOptional() @IsString() @MaxLength(MESSAGE_MAX_LENGTH) @Transform(trim) message?: string;
  /** Optional listing to share as the first message (chat started from a listing). */
  @IsOptional() @IsString() @MaxLength(100) listing_id?: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ListingSnapshotDto) listing?: ListingSnapshotDto;
}

export class SendMessageDto {
  @IsOptional()
  @IsIn(['text', 'listing'], { message: 'type must be text or listing (images are uploaded to /image).' })
  type?: 'text' | 'listing';
  @IsOptional()
  @IsString()
  @MaxLength(MESSAGE_MAX_LENGTH, { message: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.` })
  @Transform(trim)
  content?: string;
  @IsOptional() @IsString() @MaxLength(100) listing_id?: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ListingSnapshotDto) listing?: ListingSnapshotDto;
  /** Client-made id so an optimistic message can be matched with the stored one. */
  @IsOptional() @IsString() @MaxLength(64) client_id?: string;
}

export class ImageMessageDto {
  @IsOptional() @IsString() @MaxLength(MESSAGE_MAX_LENGTH) @Transform(trim) content?: string;
  @IsOptional() @IsString() @MaxLength(64) client_id?: string;
}

export class RespondDto {
  @Transform(toBool) @IsBoolean({ message: 'accept must be true or false.' }) accept!: boolean;
}
