import { IsOptional, IsUUID } from 'class-validator';
import { Text } from '../../../common/dto-fields';

export class StickerMessageDto {
  @IsUUID('all', { message: 'Choose a sticker.' }) sticker_id!: string;
  /** Client-made id so an optimistic message can be matched with the stored one. */
  @IsOptional() @Text(64) client_id?: string;
}
