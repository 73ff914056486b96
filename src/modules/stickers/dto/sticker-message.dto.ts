import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

export class StickerMessageDto {
  @IsUUID('all', { message: 'Choose a sticker.' }) sticker_id!: string;
  /** Client-made id so an optimistic message can be matched with the stored one. */
  @IsOptional() @IsString() @MaxLength(64) client_id?: string;
}
